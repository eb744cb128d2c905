import { fromCents } from "@helio/shared";
import type { Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import {
  chooseOption,
  expect,
  expectAccessible,
  MOBILE,
  registerAndVerify,
  screenshot,
  signUp,
  test,
} from "./fixtures.ts";
import { adjust, balancesOf, openAdmin, uidOf } from "./money-kit.ts";

const WIDE = { name: "desktop", width: 1280, height: 800 } as const;

const walletOf = (page: Page) => balancesOf(page.request);

/** The box of a locator lies wholly inside the viewport, no scrolling. */
async function expectInViewport(page: Page, name: string, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, `${name} is drawn`).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y, `${name} top`).toBeGreaterThanOrEqual(0);
  expect(box.x, `${name} left`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${name} bottom`).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(viewport.width);
}

test("the order is in reach without scrolling at 360 × 740 and 1280 × 800, light and dark, with the chart beside it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await registerAndVerify(page, baseURL as string);
  for (const viewport of [MOBILE, WIDE]) {
    for (const mode of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.evaluate((m) => localStorage.setItem("getMode", m), mode);
      await page.goto(paths.tradeFirstPair);
      await expect(page.getByTestId("last-price")).not.toHaveText("—");
      const panel = page.getByTestId("order-panel");
      const up = page.getByRole("button", { name: /^Up · pays/ });
      await expect(up).toBeEnabled();
      // Scrolled to the top, as the page opens.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expectInViewport(page, "amount", panel.getByLabel("Amount (USD)"));
      await expectInViewport(page, "duration", panel.getByRole("combobox", { name: "Duration" }));
      await expectInViewport(page, "payout", page.getByTestId("order-payout"));
      await expectInViewport(page, "Up", up);
      await expectInViewport(page, "Down", page.getByRole("button", { name: /^Down · pays/ }));
      await expectInViewport(page, "a preset", panel.getByRole("group", { name: "Stake presets" }));
      // The floating chat button stays clear of the order bar: both are in reach.
      const chat = await page.getByTestId("chat-button").boundingBox();
      const bar = await panel.boundingBox();
      if (viewport === MOBILE) expect(chat && bar && chat.y + chat.height <= bar.y).toBe(true);
      await expectInViewport(page, "the chat button", page.getByTestId("chat-button"));
      // At least the chart's last part shows above the order bar (beside the panel on wide screens).
      const chart = await page.getByTestId("candle-chart").boundingBox();
      const order = await panel.boundingBox();
      expect(chart && order && chart.y + 60 < order.y + (viewport === WIDE ? order.height : 0)).toBe(true);
      if (viewport === WIDE) expect(chart && order && chart.x + chart.width <= order.x).toBe(true);
      await screenshot(page, `trade-order-${viewport.name}-${mode}`);
      await expectAccessible(page);
    }
  }
});

test("a placed contract is drawn on the chart with its entry line, expiry marker and live label, and leaves when settled", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(MOBILE);
  await signUp(page, baseURL as string);
  await page.goto(paths.tradeFirstPair);
  await expect(page.getByTestId("last-price")).not.toHaveText("—");
  // The test server's short contract (SHORT_CONTRACT_SECONDS, e2e/server.mjs): it settles within seconds.
  await chooseOption(page.getByRole("combobox", { name: "Duration" }), "15 s");
  await page.getByRole("button", { name: /^Up · pays/ }).click();
  await expect(page.getByText(/Up contract placed at/)).toBeVisible();

  const position = page.getByTestId("chart-position");
  await expect(position).toHaveCount(1);
  await expect(position.getByTestId("position-expiry")).toHaveCount(1);
  const label = position.getByTestId("position-label");
  await expect(label).toContainText(/Up · 0:\d\d · (winning|losing|even)/);
  const first = await label.textContent();
  await expect.poll(() => label.textContent()).not.toBe(first);
  await expect(page.getByTestId("chart-positions-list")).toContainText(/Up contract from [\d,.]+, 0:\d\d left/);
  // The expiry marker stands inside the chart.
  const chart = await page.getByTestId("candle-chart").boundingBox();
  const marker = await position.getByTestId("position-expiry").boundingBox();
  expect(chart && marker && marker.x >= chart.x && marker.x <= chart.x + chart.width).toBe(true);
  await screenshot(page, "trade-position-on-chart-mobile-light");
  await expectAccessible(page);

  // Settled by the worker after its 15 s: the result shows briefly, then the contract is gone.
  await expect(page.getByTestId("position-settled")).toContainText(/Won|Lost|Even|Void/, { timeout: 45_000 });
  await expect(position).toHaveCount(0);
  await screenshot(page, "trade-position-settled-mobile-light");
  await expect(page.getByTestId("position-settled")).toHaveCount(0, { timeout: 10_000 });
});

test("the member switches between Practice and Real from the top bar's badge; the next trade takes that money; a locked member cannot", async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(MOBILE);
  await signUp(page, baseURL as string);
  const uid = await uidOf(page.request);
  await page.goto(paths.tradeFirstPair);
  await expect(page.getByTestId("last-price")).not.toHaveText("—");

  // No real money yet: the switch says so and cannot be confirmed.
  await page.getByRole("button", { name: "Free: trading with practice money, switch mode" }).click();
  const dialog = page.getByRole("dialog", { name: "Trade with real money?" });
  await expect(dialog).toContainText("Real trading opens once your wallet holds money.");
  await expect(dialog.getByRole("button", { name: "Use real money" })).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  const admin = await openAdmin(browser);
  await adjust(admin.request, baseURL as string, uid, fromCents(5_000));
  await page.getByRole("button", { name: "Free: trading with practice money, switch mode" }).click();
  await expect(dialog).toContainText("your next trades use your real wallet");
  await screenshot(page, "trade-mode-switch-mobile-light");
  await dialog.getByRole("button", { name: "Use real money" }).click();
  await expect(page.getByRole("button", { name: "Real: trading with real money, switch mode" })).toBeVisible();
  await expect(page.getByTestId("stake-source")).toContainText("Stake from Wallet (Real)");

  const before = await walletOf(page);
  await page.getByRole("button", { name: /^Down · pays/ }).click();
  await expect(page.getByText(/Down contract placed at/)).toBeVisible();
  const after = await walletOf(page);
  expect(after).toEqual({ ...after, wallet: before.wallet - fromCents(1_000), demo: before.demo });
  const ledger = (await (await page.request.get("/api/trades/open")).json()) as { account: string }[];
  expect(ledger.map((c) => c.account)).toEqual(["wallet"]);

  // The admin locks the member to Practice from the member's page (audited): back to Free, and the switch says why.
  await admin.page.goto(paths.adminMember(uid));
  await admin.page.getByRole("button", { name: "Lock to Practice" }).click();
  await admin.page.getByRole("dialog").getByRole("button", { name: "Lock" }).click();
  await expect(admin.page.getByText("The member is locked to Practice (Free).")).toBeVisible();
  await admin.context.close();

  const badge = page.getByRole("button", { name: "Free: trading with practice money, switch mode" });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page.getByTestId("mode-locked")).toContainText("Helio has set your account to Practice");
  await expect(dialog.getByRole("button", { name: "Use real money" })).toBeDisabled();
  await screenshot(page, "trade-mode-locked-mobile-dark");
  await expectAccessible(page);
  const refused = await page.request.put("/api/trades/mode", {
    data: { mode: "real" },
    headers: { origin: baseURL as string },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("TRADING_MODE_LOCKED");
});
