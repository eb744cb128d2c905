import { fromCents } from "@helio/shared";
import { paths } from "../src/lib/paths.ts";
import {
  chooseOption,
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  screenshot,
  signUp,
  test,
  urlEndingWith,
} from "./fixtures.ts";
import { adjust, balancesOf, microcentsOf, openAdmin, uidOf } from "./money-kit.ts";
import { walkScreens } from "./screen-walk.ts";

const demoOf = async (page: import("@playwright/test").Page) => (await balancesOf(page.request)).demo;

test("a Free member trades BTC for 15 s: chart moves, contract counts down, settles into history", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  await signUp(page, baseURL as string);
  const before = await demoOf(page);
  expect(before).toBe(fromCents(1_000_000));

  // /trade goes to the first pair; the ticker is live in the shell.
  await page.goto(paths.trade);
  await expect(page).toHaveURL(urlEndingWith(paths.tradeFirstPair));
  await expect(page.getByRole("heading", { level: 1, name: "Trade BTC/USDT" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Market ticker" }).getByRole("link")).toHaveCount(12);

  // The chart receives live ticks.
  const chart = page.getByTestId("candle-chart");
  await expect(chart).toBeVisible();
  await expect
    .poll(async () => Number((await chart.getAttribute("data-updates")) ?? 0), { timeout: 15_000 })
    .toBeGreaterThan(1);
  await expect(page.getByTestId("last-price")).not.toHaveText("—");
  await screenshot(page, "trade-btc-desktop-light");
  await expectAccessible(page);

  await page.getByLabel("Amount (USD)").fill("10");
  // The test server's short contract (SHORT_CONTRACT_SECONDS, e2e/server.mjs): it settles within seconds.
  await chooseOption(page.getByRole("combobox", { name: "Duration" }), "15 s");
  await page.getByRole("button", { name: /^Up · pays/ }).click();
  await expect(page.getByText(/Up contract placed at/)).toBeVisible();
  expect(await demoOf(page)).toBe(before - fromCents(1000));

  await page.getByRole("link", { name: "See On Trade" }).click();
  await expect(page).toHaveURL(urlEndingWith(paths.onTrade));
  const row = page.getByTestId("open-trade");
  await expect(row).toHaveCount(1);
  const first = await row.getByTestId("countdown").textContent();
  await expect.poll(async () => row.getByTestId("countdown").textContent()).not.toBe(first);
  await expect(row.getByText(/Winning|Losing|Even/)).toBeVisible();
  await screenshot(page, "on-trade-desktop-light");
  await expectAccessible(page);

  // Settled by the server's worker shortly after expiry; the row leaves On Trade.
  await expect(row).toHaveCount(0, { timeout: 45_000 });
  // …with a notice naming the outcome, on whatever screen the member is.
  await expect(page.getByTestId("settled-toast")).toContainText(/BTC\/USDT Up (won|lost|closed even|was void)/);
  await screenshot(page, "trade-settled-notice-desktop-light");
  await expectAccessible(page);
  await page.goto(paths.historyTrade);
  const settled = page.getByTestId("history-trade");
  await expect(settled).toHaveCount(1);
  await expect(settled.getByText(/Win|Loss|Equal|Void/)).toBeVisible();
  // One mode at a time: the member's Free contract and Free totals; Real has none, never a sum of both.
  await expect(settled).toContainText("Free");
  const totals = page.getByTestId("trade-totals");
  await expect(totals).toContainText("Totals of Free contracts only");
  await expect(totals).toContainText("Contracts: 1");
  await chooseOption(page.getByRole("combobox", { name: "Mode" }), "Real");
  await expect(totals).toContainText("Totals of Real contracts only");
  await expect(totals).toContainText("Contracts: 0");
  await expect(settled).toHaveCount(0);
  await chooseOption(page.getByRole("combobox", { name: "Mode" }), "Free");
  await expect(settled).toHaveCount(1);
  await screenshot(page, "history-trade-desktop-light");
  await expectAccessible(page);

  const history = (await (await page.request.get("/api/trades/history")).json()) as {
    items: { payoutMicrocents: unknown; result: string }[];
  };
  const payout = microcentsOf(history.items[0]?.payoutMicrocents);
  expect(await demoOf(page)).toBe(before - fromCents(1000) + payout);
  expect(["win", "loss", "equal", "void"]).toContain(history.items[0]?.result);
});

test("trade screens at 360 px in dark mode, and an unknown pair is not found", async ({ page, baseURL }) => {
  await page.setViewportSize(MOBILE);
  await page.addInitScript(() => localStorage.setItem("getMode", "dark"));
  await signUp(page, baseURL as string);
  await walkScreens(page, [paths.tradePair("ETH", "ethereum"), paths.onTrade, paths.historyTrade], {
    prefix: "trade",
    mode: "dark",
    viewport: MOBILE,
    // The only walk of these screens: axe checks them whole, not only their dark contrast.
    axe: true,
    contrastOnly: false,
  });
  await page.goto(paths.tradePair("PEPE", "pepe"));
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("the dashboard shows the markets, open trades and recent transactions; Real mode stakes from the wallet", async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page, baseURL as string);

  await page.goto("/");
  const markets = page.getByRole("region", { name: "Markets" });
  await expect(markets.getByTestId("market-row")).toHaveCount(12);
  await expect(markets.getByRole("link", { name: /^BTC\/USDT Bitcoin/ })).toHaveAttribute("href", paths.tradeFirstPair);
  await expect(page.getByRole("region", { name: "Open trades" })).toContainText("No running contracts.");

  // A Free member's 5-minute contract shows up on the dashboard, staked from demo money.
  await page.goto(paths.tradePair("ETH", "ethereum"));
  await expect(page.getByTestId("last-price")).not.toHaveText("—");
  await expect(page.getByTestId("stake-source")).toContainText("Stake from Demo (practice)");
  await page.getByLabel("Amount (USD)").fill("7");
  await chooseOption(page.getByRole("combobox", { name: "Duration" }), "5 m");
  await page.getByRole("button", { name: /^Down · pays/ }).click();
  await expect(page.getByText(/Down contract placed at/)).toBeVisible();
  await page.goto("/");
  const open = page.getByRole("region", { name: "Open trades" }).getByTestId("dashboard-open-trade");
  await expect(open).toHaveCount(1);
  await expect(open).toContainText("ETH/USDT Down");
  const recent = page.getByRole("region", { name: "Recent transactions" }).getByTestId("recent-transaction");
  await expect(recent.first()).toContainText("Trade stake");
  await expect(recent.first()).toContainText("Demo");
  await expectNoHorizontalOverflow(page, "the dashboard overflows at 360 px");
  await screenshot(page, "dashboard-trading-mobile-light");
  await expectAccessible(page);

  // The admin funds the wallet and switches the member to Real: the next stake comes from the wallet.
  const uid = await uidOf(page.request);
  const admin = await openAdmin(browser);
  await adjust(admin.request, baseURL as string, uid, fromCents(5_000));
  await admin.page.goto(paths.adminMember(uid));
  await admin.page.getByRole("button", { name: "Switch to Real" }).click();
  await admin.page.getByRole("dialog").getByRole("button", { name: "Switch" }).click();
  await expect(admin.page.getByText("The member now trades in Real mode.")).toBeVisible();
  await admin.context.close();

  const before = await balancesOf(page.request);
  expect(before.wallet).toBe(fromCents(5_000));
  await page.goto(paths.tradeFirstPair);
  await expect(page.getByTestId("last-price")).not.toHaveText("—");
  await expect(page.getByTestId("stake-source")).toContainText("Stake from Wallet (Real)");
  await page.getByLabel("Amount (USD)").fill("12.5");
  await page.getByRole("button", { name: /^Up · pays/ }).click();
  await expect(page.getByText(/Up contract placed at/)).toBeVisible();
  const after = await balancesOf(page.request);
  expect(after).toMatchObject({ wallet: fromCents(5_000 - 1_250), demo: before.demo });
  await page.goto("/");
  await expect(recent.first()).toContainText("Trade stake");
  await expect(recent.first()).toContainText("Wallet");
  // The dashboard and On Trade show the current mode's contracts (Real); the practice one apart.
  await expect(open).toHaveCount(1);
  await expect(open).toContainText("BTC/USDT Up");
  await expect(open).toContainText("Real");
  await page.goto(paths.onTrade);
  const running = page.getByTestId("open-trade");
  await expect(running).toHaveCount(1);
  await expect(page.getByTestId("open-trades-staked")).toHaveText("Staked: 12.50 USD");
  await chooseOption(page.getByRole("combobox", { name: "Mode" }), "Free");
  await expect(running).toHaveCount(1);
  await expect(running).toContainText("ETH/USDT");
  await expect(page.getByTestId("open-trades-staked")).toHaveText("Staked: 7.00 USD");
});
