import { msg } from "@lingui/core/macro";

/** The not-found page's words: NotFound draws them with MUI, RouteError (no MUI) as plain elements. */
export const NOT_FOUND_COPY = {
  title: msg`Page not found`,
  body: msg`The page you are looking for does not exist or has moved.`,
  home: msg`Go to the home page`,
} as const;
