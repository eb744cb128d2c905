import "./app/plain.css";
import { I18nProvider } from "@lingui/react";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createRouter } from "./app/router.tsx";
import { activateLocale, DEFAULT_LOCALE, i18n, initialLocale } from "./lib/i18n.ts";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

// MUI and the data cache are not here: they come with the first screen that uses them (AppFrame,
// decision 0013), so the sign-in page's first load is React, the router and the page.
const root = createRoot(container);
// As a transition, the first render is done in slices React can yield between, instead of in one task
// behind the entry's evaluation: Lighthouse on /login, 8 runs each in turns, total blocking time
// median 266 → 213 ms and performance median 93 → 95.5 (docs/decisions/0015-the-first-render-in-slices.md).
function render(router: ReturnType<typeof createRouter>) {
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </StrictMode>,
    ),
  );
}

// The first screen is drawn in its language: the language's catalogue (a small chunk of its own)
// arrives first. A language found from the browser is not stored, so that the browser's next
// choice still counts until the member picks one.
const language = activateLocale(initialLocale(), { remember: false }).catch(() =>
  activateLocale(DEFAULT_LOCALE, { remember: false }),
);
// The router is made in a task of its own, after the entry's evaluation rather than inside it: the
// two together were one of the page's longest tasks (53–95 ms on our 2-core machines, about half
// of it the router's), and Lighthouse counts each task's time over 50 ms, four times as long.
setTimeout(() => {
  const router = createRouter();
  language.finally(() => render(router));
}, 0);
