import type { Browser, Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import {
  ADMIN,
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  registerAndVerify,
  screenshot,
  signInWithForm,
  signUp,
  test,
} from "./fixtures.ts";
import { changeSettings } from "./money-kit.ts";

// The settings test switches the chat off for everyone: the chat tests of this file run one after another.
test.describe.configure({ mode: "serial" });

/** A small PNG made in the browser (no fixture files). */
async function pngFile(page: Page, colour = "#f15a29") {
  const base64 = await page.evaluate(async (fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 200;
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 320, 200);
    ctx.fillStyle = "#2E0101";
    ctx.fillRect(40, 40, 120, 80);
    return canvas.toDataURL("image/png").split(",")[1] as string;
  }, colour);
  return { name: "screenshot.png", mimeType: "image/png", buffer: Buffer.from(base64, "base64") };
}

async function signedInAdmin(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(paths.login);
  await signInWithForm(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);
  return { context, page };
}

const chatButton = (page: Page) => page.getByRole("button", { name: /support chat/i });
const panel = (page: Page) => page.getByRole("dialog", { name: "Helio Support" });
const composer = (scope: Page | ReturnType<Page["getByRole"]>) => scope.getByPlaceholder("Type something...");

/** Sets menuContact through the admin API (the full settings object with one field changed). */
async function setMenuContact(admin: Page, baseURL: string, on: boolean) {
  const res = await changeSettings(admin.request, baseURL, { menuContact: on });
  expect(res.status(), await res.text()).toBe(200);
}

test("a member and support chat live: messages, unread counts, an image with upload progress", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL as string;
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await registerAndVerify(page, base);
  const fullName = `${member.firstName} ${member.lastName}`;
  const admin = await signedInAdmin(browser, base);
  await admin.page.goto(paths.adminInbox);
  await expect(admin.page.getByRole("heading", { level: 1, name: "Support inbox" })).toBeVisible();

  // The member opens the chat panel (docs/product.md §7) and writes.
  await expect(chatButton(page)).toHaveAccessibleName("Open support chat");
  await chatButton(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole("heading", { name: "Helio Support" })).toBeVisible();
  await expect(panel(page).getByRole("button", { name: "Send" })).toBeDisabled();
  await expect(panel(page).getByRole("button", { name: "Attach an image" })).toBeVisible();
  await expect(composer(panel(page))).toBeFocused();
  await composer(panel(page)).fill("Hello, I cannot find my deposit.");
  await composer(panel(page)).press("Enter");
  await expect(panel(page).getByText("Hello, I cannot find my deposit.")).toBeVisible();
  await expect(composer(panel(page))).toHaveValue("");
  await expect(panel(page).getByText("just now").first()).toBeVisible();

  // Support sees it arrive in the inbox without reloading, with its unread count.
  const row = admin.page
    .getByRole("navigation", { name: "Conversations" })
    .getByRole("link", { name: new RegExp(`@${member.username}`) });
  await expect(row).toBeVisible();
  await expect(row.getByLabel("1 unread")).toBeVisible();
  await row.click();
  const thread = admin.page.getByRole("log", { name: `Conversation with ${fullName}` });
  await expect(thread.getByText("Hello, I cannot find my deposit.")).toBeVisible();
  await expect(row.getByLabel(/unread/)).toHaveCount(0); // read on opening
  const summary = admin.page.getByRole("region", { name: "Member" });
  await expect(summary.getByText("Not submitted")).toBeVisible(); // KYC
  await expect(summary.getByText("0.00 USD")).toBeVisible(); // wallet
  await expect(summary.getByText(`@${member.username}`)).toBeVisible();
  await expect(summary.getByRole("link", { name: "Open member" })).toHaveAttribute("href", /\/admin\/members\//);
  await expect(panel(page).getByText("Seen")).toBeVisible();

  // Shift+Enter is a new line, Enter sends.
  await composer(panel(page)).fill("first line");
  await composer(panel(page)).press("Shift+Enter");
  await composer(panel(page)).pressSequentially("second line");
  await composer(panel(page)).press("Enter");
  await expect(thread.getByText(/first line\s+second line/)).toBeVisible();

  // Support answers while the panel is open: it shows at once and is read.
  await composer(admin.page).fill("Let me check that for you.");
  await admin.page.getByRole("button", { name: "Send" }).click();
  await expect(panel(page).getByText("Let me check that for you.")).toBeVisible();

  // With the panel closed, the next answer raises the unread badge; opening the panel clears it.
  await panel(page).getByRole("button", { name: "Close chat" }).click();
  await expect(panel(page)).toBeHidden();
  await composer(admin.page).fill("Found it: it is being processed.");
  await composer(admin.page).press("Enter");
  await expect(chatButton(page)).toHaveAccessibleName("Open support chat, 1 unread");
  await composer(admin.page).fill("It should arrive within the hour.");
  await composer(admin.page).press("Enter");
  await expect(chatButton(page)).toHaveAccessibleName("Open support chat, 2 unread");
  await chatButton(page).click();
  await expect(panel(page).getByText("It should arrive within the hour.")).toBeVisible();
  await panel(page).getByRole("button", { name: "Close chat" }).click();
  await expect(chatButton(page)).toHaveAccessibleName("Open support chat");

  // An image: the upload progress shows (the upload is held until we have seen it), then it arrives on both sides.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/chat/images", async (route) => {
    await held;
    await route.continue();
  });
  await chatButton(page).click();
  await panel(page)
    .locator('input[type="file"]')
    .setInputFiles(await pngFile(page));
  await expect(panel(page).getByRole("button", { name: "Remove attachment screenshot.png" })).toBeVisible();
  await composer(panel(page)).fill("Here is my receipt");
  await panel(page).getByRole("button", { name: "Send" }).click();
  await expect(panel(page).getByRole("progressbar", { name: "Image upload progress" })).toBeVisible();
  await expect(panel(page).getByRole("button", { name: /Remove attachment/ })).toHaveCount(0); // cleared
  await expect(composer(panel(page))).toHaveValue("");
  await screenshot(page, "chat-member-uploading");
  release();
  const memberImage = panel(page).getByRole("img", { name: `Image from ${fullName}` });
  await expect(memberImage).toBeVisible();
  await expect(panel(page).getByRole("progressbar")).toHaveCount(0);
  const adminImage = thread.getByRole("button", { name: `Image from ${fullName}: open large` });
  await expect(adminImage).toBeVisible();
  await expect(thread.getByText("Here is my receipt")).toBeVisible();
  await expect.poll(() => adminImage.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await adminImage.click();
  const viewer = admin.page.getByRole("dialog", { name: `Image from ${fullName}` });
  await expect(viewer.getByRole("img", { name: `Image from ${fullName}` })).toBeVisible();
  await screenshot(admin.page, "chat-inbox-image-open");
  await viewer.getByRole("button", { name: "Close image" }).click();

  await screenshot(page, "chat-member-panel-light");
  await screenshot(admin.page, "chat-inbox-light");
  await expectAccessible(page);
  await expectAccessible(admin.page);
  await admin.context.close();
});

test("a failed send stays visible with a retry, and older messages load when scrolling up", async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  const base = baseURL as string;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, base);
  // 34 older messages from the member (the first page holds 30).
  for (let i = 1; i <= 25; i++) {
    const res = await page.request.post("/api/chat/messages", {
      data: { text: `older ${i}` },
      headers: { origin: base },
    });
    expect(res.status()).toBe(201);
  }
  const chatId = (await (await page.request.get("/api/chat")).json()).id as string;
  const admin = await signedInAdmin(browser, base);
  for (let i = 26; i <= 34; i++) {
    const res = await admin.page.request.post(`/api/admin/chats/${chatId}/messages`, {
      data: { text: `older ${i}` },
      headers: { origin: base },
    });
    expect(res.status()).toBe(201);
  }
  await admin.context.close();

  // Messages go over the live socket when it is open; the test can cut it at the next send.
  let cutAtNextSend = false;
  await page.routeWebSocket("**/api/ws", (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      if (cutAtNextSend && typeof frame === "string" && frame.includes('"chat.send"')) {
        cutAtNextSend = false;
        server.close();
        ws.close({ code: 4000, reason: "connection lost" });
        return;
      }
      server.send(frame);
    });
  });
  // The first load of the app, so the route above holds its socket from the start.
  await page.goto(paths.dashboard);
  await chatButton(page).click();
  const log = panel(page).getByRole("log");
  await expect(log.getByText("older 34", { exact: true })).toBeVisible();
  await expect(log.getByText("older 1", { exact: true })).toHaveCount(0);
  await log.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(log.getByText("older 1", { exact: true })).toBeVisible();
  await expect(log.getByRole("button", { name: "Load older messages" })).toHaveCount(0);

  // The network fails once (the socket drops the send, then POST fails): the message stays,
  // marked, with Retry.
  cutAtNextSend = true;
  await page.route("**/api/chat/messages", (route) =>
    route.request().method() === "POST" ? route.abort("failed") : route.continue(),
  );
  await composer(panel(page)).fill("Are you there?");
  await composer(panel(page)).press("Enter");
  await expect(panel(page).getByRole("alert")).toContainText("Not sent");
  // The browser reports the request we made fail; that one error is expected.
  await expect.poll(() => consoleErrors.filter((e) => e.includes("net::ERR_FAILED")).length).toBe(1);
  consoleErrors.splice(
    consoleErrors.findIndex((e) => e.includes("net::ERR_FAILED")),
    1,
  );
  await expect(panel(page).getByText("Are you there?")).toBeVisible();
  await page.unroute("**/api/chat/messages");
  await panel(page).getByRole("button", { name: "Retry" }).click();
  await expect(panel(page).getByRole("alert")).toHaveCount(0);
  await page.reload();
  await chatButton(page).click();
  await expect(panel(page).getByText("Are you there?")).toHaveCount(1);
});

test("the chat button follows menuContact live", async ({ page, browser, baseURL }) => {
  const base = baseURL as string;
  await registerAndVerify(page, base);
  await expect(chatButton(page)).toBeVisible();
  const admin = await signedInAdmin(browser, base);
  try {
    await setMenuContact(admin.page, base, false);
    await expect(chatButton(page)).toHaveCount(0);
    await setMenuContact(admin.page, base, true);
    await expect(chatButton(page)).toBeVisible();
  } finally {
    await setMenuContact(admin.page, base, true);
    await admin.context.close();
  }
});

test("on a 360 px screen, in dark mode, the panel and the inbox fit and stay accessible", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL as string;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(() => localStorage.setItem("getMode", "dark"));
  const member = await registerAndVerify(page, base);
  const fullName = `${member.firstName} ${member.lastName}`;
  await chatButton(page).click();
  await composer(panel(page)).fill("Hi from my phone");
  await composer(panel(page)).press("Enter");
  await expect(panel(page).getByText("Hi from my phone")).toBeVisible();
  const box = await panel(page).boundingBox();
  expect(box?.width).toBeLessThanOrEqual(360);
  await screenshot(page, "chat-member-panel-mobile-dark");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(panel(page)).toBeHidden();
  await expect(chatButton(page)).toBeFocused();

  const context = await browser.newContext({ baseURL: base, viewport: { width: 360, height: 740 } });
  await context.addInitScript(() => localStorage.setItem("getMode", "dark"));
  const admin = await context.newPage();
  await admin.goto(paths.login);
  await signInWithForm(admin, ADMIN.email, ADMIN.password);
  await expect(admin).not.toHaveURL(/\/login/);
  await admin.goto(paths.adminInbox);
  await admin.getByLabel("Search by member").fill(member.username);
  const row = admin
    .getByRole("navigation", { name: "Conversations" })
    .getByRole("link", { name: new RegExp(`@${member.username}`) });
  await expect(row).toBeVisible();
  await expect(admin.getByRole("navigation", { name: "Conversations" }).getByRole("link")).toHaveCount(1);
  await screenshot(admin, "chat-inbox-mobile-dark");
  await expectAccessible(admin);
  await row.click();
  await expect(admin.getByRole("heading", { level: 2, name: fullName })).toBeVisible();
  await expect(admin.getByRole("log").getByText("Hi from my phone")).toBeVisible();
  await expectNoHorizontalOverflow(admin);
  await screenshot(admin, "chat-inbox-conversation-mobile-dark");
  await expectAccessible(admin);
  await admin.getByRole("link", { name: "All conversations" }).click();
  await expect(row).toBeVisible();
  await context.close();
});
