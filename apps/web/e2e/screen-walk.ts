import { type Page, test } from "@playwright/test";
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  SCREEN_PASSES,
  screenshot,
  type Viewport,
} from "./fixtures.ts";

const SCREEN_VISIT_BUDGET_MS = 8_000;

/**
 * Opens `path` inside the app already on `page`, as a member following a link does: the router
 * renders the new screen without reloading the page. A full load costs about 1.8 s of CPU per
 * screen here, most of a walk's time. A page not yet showing the app is loaded.
 */
export async function openInApp(page: Page, path: string) {
  // The router's history keeps `key` and `idx` in history.state; it renders the popped entry.
  const key = await page.evaluate((to) => {
    if (!document.documentElement.dataset.location) return null;
    const mark = Math.random().toString(36).slice(2, 10);
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: mark, idx }, "", to);
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    return mark;
  }, path);
  if (key === null) {
    await page.goto(path);
    return;
  }
  // Root marks the page with the key of the location it has rendered.
  await page.waitForFunction((mark) => document.documentElement.dataset.location === mark, key);
}

export type Screen = string | { path: string; name: string };

export type WalkOptions = {
  /** Names the screenshots: `<prefix>-<screen>-<viewport>-<mode>`. */
  prefix: string;
  mode: string;
  viewport: Viewport;
  /** axe on every screen; by default on the desktop only (the palette, not the width, sets contrast). */
  axe?: boolean;
  /**
   * axe checks only contrast: the screens were checked whole in another pass, and the palette
   * changes nothing else. By default in dark mode; a contrast check is half of a whole one.
   */
  contrastOnly?: boolean;
  /**
   * The first screen is loaded afresh (default). false: opened inside the app already on the page
   * like the others, for a pass that only changed the page's size since the last pass loaded it.
   */
  fresh?: boolean;
};

function screenName(screen: Screen) {
  if (typeof screen !== "string") return screen.name;
  const path = screen.split("?")[0] as string;
  return path === "/" ? "dashboard" : path.slice(1).replaceAll("/", "-");
}

/**
 * A walk over screens at one size and mode: the first is loaded afresh (the data set up before
 * the walk is read from the server), the others are opened inside the app. Each screen: one
 * heading of level 1, nothing still loading, every image a real one, a screenshot, no sideways
 * scroll, and axe.
 */
export async function walkScreens(page: Page, screens: Screen[], options: WalkOptions) {
  const { prefix, mode, viewport } = options;
  const axe = options.axe ?? viewport.name === "desktop";
  const contrastOnly = options.contrastOnly ?? mode === "dark";
  for (const [index, screen] of screens.entries()) {
    const path = typeof screen === "string" ? screen : screen.path;
    if (index === 0 && options.fresh !== false) await page.goto(path);
    else await openInApp(page, path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }), `one main heading on ${path}`).toHaveCount(1);
    await expect(page.getByRole("progressbar", { name: /^(Loading|Checking)/ })).toHaveCount(0);
    await expect(page.locator(".MuiSkeleton-root, [data-skeleton]")).toHaveCount(0);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    const broken = await page.evaluate(() =>
      [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.alt || img.src),
    );
    expect(broken, `broken images on ${path}`).toEqual([]);
    await screenshot(page, `${prefix}-${screenName(screen)}-${viewport.name}-${mode}`);
    await expectNoHorizontalOverflow(page, `${path} overflows horizontally at ${viewport.name}`);
    if (viewport.name === "mobile") {
      // On a phone no table hides columns off to the side: its rows are cards (TableFrame).
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll("table")]
          .filter((table) => (table.parentElement?.scrollWidth ?? 0) > (table.parentElement?.clientWidth ?? 0) + 1)
          .map((table) => table.getAttribute("aria-label") ?? "a table"),
      );
      expect(cut, `tables cut at 360 px on ${path}`).toEqual([]);
    }
    if (axe) await expectAccessible(page, { contrastOnly });
  }
}

/**
 * The same walk in every pass of SCREEN_PASSES (light at 360 px and on the desktop, dark on the
 * desktop), over one set of data: the setup that precedes it runs once, not once per pass.
 */
export async function walkPasses(page: Page, screens: Screen[], prefix: string) {
  // A walk is bounded work that a busy machine slows down: on top of the set-up's time, each
  // screen visit gets a budget (about 1.5 s each on a quiet machine, 5 s seen under a load of 11).
  test.info().setTimeout(test.info().timeout + screens.length * SCREEN_PASSES.length * SCREEN_VISIT_BUDGET_MS);
  let loadedMode = "";
  for (const { mode, viewport } of SCREEN_PASSES) {
    await page.setViewportSize(viewport);
    // Init scripts run in the order they were added: the latest pass's mode wins on every load.
    await page.addInitScript((m) => localStorage.setItem("getMode", m), mode);
    // A pass in the mode of the one before only resized the page: its first screen opens in the app.
    await walkScreens(page, screens, { prefix, mode, viewport, fresh: mode !== loadedMode });
    loadedMode = mode;
  }
}
