import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Locator, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@helio.test", password: "admin-password-1" };
export const PASSWORD = "correct-horse-battery";
const SHOTS = path.resolve(import.meta.dirname, ".artifacts/screenshots");

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

/** Registers through the API (fast path for specs that are not about registering). */
export async function registerViaApi(request: APIRequestContext, baseURL: string, member = newMember()) {
  const res = await request.post("/api/register", { data: member, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(201);
  return member;
}

/** Registers, opens the verification link in `page`, and lands signed in on the dashboard. */
export async function registerAndVerify(page: Page, baseURL: string, member = newMember()) {
  await registerViaApi(page.request, baseURL, member);
  await page.goto(await mailLink(page.request, member.email, /verify/i));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return member;
}

/** Fills the sign-in form; unless a 2FA step is expected, waits until the page has left /login. */
export async function signInWithForm(page: Page, identifier: string, password: string, opts = { twoFactor: false }) {
  await page.getByLabel(/email or username/i).fill(identifier);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole("button", { name: /sign in/i }).click();
  if (!opts.twoFactor) await page.waitForURL((url) => !url.pathname.startsWith("/login"));
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

/** Picks the option named `name` of a select. */
export async function chooseOption(combobox: Locator, name: string) {
  await openOptions(combobox);
  await combobox.page().getByRole("option", { name, exact: true }).click();
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** axe: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Every test fails on a browser console error or an uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
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
