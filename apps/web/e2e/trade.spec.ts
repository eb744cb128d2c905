import { expect, expectAccessible, registerAndVerify, screenshot, test } from "./fixtures.ts";

const demoOf = async (page: import("@playwright/test").Page) =>
  ((await (await page.request.get("/api/wallet")).json()) as { demo: number }).demo;

test("a Free member trades BTC for 30 s: chart moves, contract counts down, settles into history", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  await registerAndVerify(page, baseURL as string);
  const before = await demoOf(page);
  expect(before).toBe(1_000_000);

  // /trade goes to the first pair; the ticker is live in the shell.
  await page.goto("/trade");
  await expect(page).toHaveURL(/\/trade\/BTC\/bitcoin$/);
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
  await page.getByRole("button", { name: "Up", exact: true }).click();
  await expect(page.getByText(/Up contract placed at/)).toBeVisible();
  expect(await demoOf(page)).toBe(before - 1000);

  await page.getByRole("link", { name: "See On Trade" }).click();
  await expect(page).toHaveURL(/\/on-trade$/);
  const row = page.getByTestId("open-trade");
  await expect(row).toHaveCount(1);
  const first = await row.getByTestId("countdown").textContent();
  await expect.poll(async () => row.getByTestId("countdown").textContent()).not.toBe(first);
  await expect(row.getByText(/Winning|Losing|Even/)).toBeVisible();
  await screenshot(page, "on-trade-desktop-light");
  await expectAccessible(page);

  // Settled by the server's worker shortly after expiry; the row leaves On Trade.
  await expect(row).toHaveCount(0, { timeout: 45_000 });
  await page.goto("/history-trade");
  const settled = page.getByTestId("history-trade");
  await expect(settled).toHaveCount(1);
  await expect(settled.getByText(/Win|Loss|Equal|Void/)).toBeVisible();
  await screenshot(page, "history-trade-desktop-light");
  await expectAccessible(page);

  const history = (await (await page.request.get("/api/trades/history")).json()) as {
    items: { payoutCents: number; result: string }[];
  };
  const payout = history.items[0]?.payoutCents ?? -1;
  expect(await demoOf(page)).toBe(before - 1000 + payout);
  expect(["win", "loss", "equal", "void"]).toContain(history.items[0]?.result);
});

test("trade screens at 360 px in dark mode, and an unknown pair is not found", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(() => localStorage.setItem("getMode", "dark"));
  await registerAndVerify(page, baseURL as string);
  for (const path of ["/trade/ETH/ethereum", "/on-trade", "/history-trade"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} overflows at 360 px`).toBeLessThanOrEqual(0);
    await screenshot(page, `${path.slice(1).replaceAll("/", "-")}-mobile-dark`);
    await expectAccessible(page);
  }
  await page.goto("/trade/PEPE/pepe");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
