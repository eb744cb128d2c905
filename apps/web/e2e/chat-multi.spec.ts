import { paths } from "../src/lib/paths.ts";
import { ADMIN, expect, registerAndVerify, screenshot, signInWithForm, test } from "./fixtures.ts";

test("a member on one server process and support on another chat live through Redis", async ({ page, browser }) => {
  // Runs only under playwright.multi.config.ts (two server processes sharing PostgreSQL and Redis).
  const { memberURL, supportURL } = test.info().project.metadata as { memberURL: string; supportURL: string };
  expect(memberURL).not.toBe(supportURL);

  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await registerAndVerify(page, memberURL);
  await expect(page).toHaveURL(new RegExp(`^${memberURL}`));

  const context = await browser.newContext({ baseURL: supportURL, viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await admin.goto(paths.login);
  await signInWithForm(admin, ADMIN.email, ADMIN.password);
  await expect(admin).not.toHaveURL(/\/login/);
  await admin.goto(paths.adminInbox);
  await expect(admin.getByRole("heading", { level: 1, name: "Support inbox" })).toBeVisible();

  // Member → process A → Redis → process B → support's inbox.
  await page.getByRole("button", { name: /support chat/i }).click();
  const panel = page.getByRole("dialog", { name: "Helio Support" });
  await panel.getByPlaceholder("Type something...").fill("Hello from process A");
  await panel.getByPlaceholder("Type something...").press("Enter");
  const row = admin
    .getByRole("navigation", { name: "Conversations" })
    .getByRole("link", { name: new RegExp(`@${member.username}`) });
  await expect(row.getByLabel("1 unread")).toBeVisible();
  await row.click();
  await expect(admin.getByRole("log").getByText("Hello from process A")).toBeVisible();
  await expect(panel.getByText("Seen")).toBeVisible(); // the read state travelled back

  // Support → process B → Redis → process A → member's panel, typing indicator first.
  await admin.getByPlaceholder("Type something...").pressSequentially("Hello from B");
  await expect(panel.getByText("Helio Support is typing…")).toBeVisible();
  await admin.getByPlaceholder("Type something...").press("Enter");
  await expect(panel.getByText("Hello from B")).toBeVisible();

  // An image stored by A (shared files folder) is served to support by B.
  await panel.locator('input[type="file"]').setInputFiles({
    name: "pixel.gif",
    mimeType: "image/gif",
    buffer: Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64"),
  });
  await panel.getByRole("button", { name: "Send" }).click();
  const image = admin.getByRole("log").getByRole("img", { name: /Image from/ });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await screenshot(page, "chat-multi-member-on-a");
  await screenshot(admin, "chat-multi-support-on-b");
  await context.close();
});
