import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, test as base, errors, expect, type Locator, type Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import { startWorkerServer, type WorkerServer } from "./worker-server.ts";

export { expectAccessible } from "./accessibility.ts";

export const ADMIN = { email: "admin@helio.test", password: "admin-password-1" };
export const PASSWORD = "correct-horse-battery";
const SHOTS = path.resolve(import.meta.dirname, ".artifacts/screenshots");

export const DESKTOP = { name: "desktop", width: 1280, height: 860 } as const;
export const MOBILE = { name: "mobile", width: 360, height: 740 } as const;
export type Viewport = typeof DESKTOP | typeof MOBILE;

/**
 * The passes of a screen walk: light at 360 px and on the desktop, and dark on the desktop, where
 * axe checks the dark palette's contrast. A walk in dark at 360 px added a quarter to the suite's
 * time and no check (the layout does not change with the palette); trade.spec.ts and chat.spec.ts
 * still walk their screens in dark at 360 px.
 */
export const SCREEN_PASSES = [
  { mode: "light", viewport: DESKTOP },
  { mode: "light", viewport: MOBILE },
  { mode: "dark", viewport: DESKTOP },
] as const;

let counter = 0;
export function newMember(overrides: Partial<Record<string, string>> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${process.pid % 100}${counter}`;
  return {
    firstName: "Grace",
    lastName: "Hopper",
    username: `grace_${tag}`,
    email: `grace_${tag}@example.test`,
    password: PASSWORD,
    currency: "USD",
    acceptTerms: true,
    confirmAdult: true,
    ...overrides,
  };
}
export type NewMember = ReturnType<typeof newMember>;

/** The newest link mailed to `email`, read from the development outbox. */
export async function mailLink(request: APIRequestContext, email: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const { items } = (await res.json()) as { items: { subject: string; text: string }[] };
      link = items.find((m) => subject.test(m.subject))?.text.match(/https?:\/\/\S+/)?.[0];
      return Boolean(link);
    })
    .toBe(true);
  return link as string;
}

/** Ticks the registration form's two required boxes: the terms accepted, 18 or older. */
export async function acceptTermsAndAge(page: Page) {
  await page.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
  await page.getByRole("checkbox", { name: /18 years old or older/ }).check();
}

/** Registers through the API (fast path for specs that are not about registering). */
export async function registerViaApi(request: APIRequestContext, baseURL: string, member = newMember()) {
  const res = await request.post("/api/register", { data: member, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(201);
  return member;
}

/**
 * Registers and verifies through the API: `page`'s context holds the session and nothing is loaded,
 * for a test whose first screen is not the dashboard. The verification link's own landing is
 * auth.spec.ts's part; loading it in every test cost each a full page load it then left.
 */
export async function signUp(page: Page, baseURL: string, member = newMember()) {
  await registerViaApi(page.request, baseURL, member);
  const verified = await page.request.get(await mailLink(page.request, member.email, /verify/i), { maxRedirects: 0 });
  expect(verified.status(), "the verification link signs in and redirects").toBe(302);
  return member;
}

/** Registers, opens the verification link in `page`, and lands signed in on the dashboard. */
export async function registerAndVerify(page: Page, baseURL: string, member = newMember()) {
  await registerViaApi(page.request, baseURL, member);
  await page.goto(await mailLink(page.request, member.email, /verify/i));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return member;
}

/** Matches a URL ending in `path` (from `paths`, query included): for `toHaveURL` and `waitForURL`. */
export function urlEndingWith(path: string): RegExp {
  return new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

/** Fills the sign-in form; unless a 2FA step is expected, waits until the page has left /login. */
export async function signInWithForm(page: Page, identifier: string, password: string, opts = { twoFactor: false }) {
  await page.getByLabel(/email or username/i).fill(identifier);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole("button", { name: /sign in/i }).click();
  if (!opts.twoFactor) await page.waitForURL((url) => !url.pathname.startsWith(paths.login));
}

/**
 * Opens a select (a MUI combobox) from the keyboard. A mouse press still held when the menu opens
 * picks whatever option is then under the pointer (press-drag-release), which a slow machine turns
 * into a wrong choice.
 */
export async function openOptions(combobox: Locator) {
  await combobox.focus();
  await combobox.press("ArrowDown");
  // The open menu hides the rest of the page from the accessibility tree: wait for its list.
  await expect(combobox.page().getByRole("listbox")).toBeVisible();
}

/**
 * Picks the option named `name` of a select, from the keyboard like `openOptions`: a pointer click
 * on an option once waited out a whole test (4 min) on a busy machine, the menu open and the
 * option on screen.
 */
export async function chooseOption(combobox: Locator, name: string) {
  await openOptions(combobox);
  const option = combobox.page().getByRole("option", { name, exact: true });
  await option.focus();
  await option.press("Enter");
  await expect(combobox.page().getByRole("listbox")).toHaveCount(0);
}

/**
 * A full-page PNG for people to look at. Chromium now and then never answers a full-page capture
 * on a busy machine (twice in CI, on a page it had drawn and then captured at the failure): the
 * capture is asked for once more, and only a second capture that never finishes fails the test.
 */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const capture = () => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, timeout: 30_000 });
  try {
    await capture();
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    await capture();
  }
}

/**
 * Nothing on the page is wider than the viewport. Polled: after a resize or a navigation the
 * layout for the new width (the drawer instead of the side menu, cards instead of tables) lands a
 * render later, so one reading can see the old layout at the new width.
 */
export async function expectNoHorizontalOverflow(page: Page, message = `${page.url()} overflows horizontally`) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message })
    .toBeLessThanOrEqual(0);
}

export type WorkerOptions = {
  /** Each worker starts its own server (false under playwright.multi.config.ts, which starts two). */
  serverPerWorker: boolean;
  helioServer: WorkerServer | null;
};

/** Every test fails on a browser console error or an uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }, WorkerOptions>({
  serverPerWorker: [true, { option: true, scope: "worker" }],
  helioServer: [
    async ({ serverPerWorker }, use) => {
      if (!serverPerWorker) return use(null);
      const server = await startWorkerServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 200_000 },
  ],
  baseURL: async ({ helioServer, baseURL }, use) => use(helioServer?.url ?? baseURL),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        // Chromium logs every 4xx answer as "Failed to load resource"; those are the API's
        // expected answers (401 when signed out, 400 for a field error), not failures of the page.
        if (
          msg.type() === "error" &&
          !/^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())
        ) {
          errors.push(msg.text());
        }
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
