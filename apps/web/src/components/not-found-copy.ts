/** The not-found page's words: NotFound draws them with MUI, RouteError (no MUI) as plain elements. */
export const NOT_FOUND_COPY = {
  title: "Page not found",
  body: "The page you are looking for does not exist or has moved.",
  home: "Go to the home page",
} as const;
