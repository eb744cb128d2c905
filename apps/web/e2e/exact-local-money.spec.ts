import { API } from "@helio/shared";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import {
  chooseOption,
  DESKTOP,
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  newMember,
  registerAndVerify,
  screenshot,
  test,
} from "./fixtures.ts";
import {
  adjust,
  approveKyc,
  balancesOf,
  chooseFile,
  confirmWithdrawalFromMail,
  microcentsOf,
  openAdmin,
  png,
  saveBankViaUi,
  submitKyc,
  topBarBalance,
  uidOf,
} from "./money-kit.ts";

// A new member who counts in rupiah, walked as they would: every amount they type in IDR must come
// back exactly as typed, and every amount derived from it must be the same computation done in IDR
// (docs/decisions/0020-money-in-microcents.md, docs/product.md §4a and §8). The rate is the
// settings' default, 16,250 IDR per USD; the withdrawal fee the default 1 % with no flat part; the
// payout the default 85 %. Each IDR amount below is also pinned in microcents (10⁻⁸ USD).

const RATE = "16,250 IDR per USD";
/** 500,000 IDR ÷ 16,250 = 30.769230769… USD. */
const DEPOSIT = 3_076_923_077n;
/** 100,000 IDR ÷ 16,250 = 6.153846153… USD: the Real stake. */
const REAL_STAKE = { idr: 100_000, microcents: 615_384_615n };
/** 50,000 IDR ÷ 16,250 = 3.076923076… USD: the Practice stake. */
const PRACTICE_STAKE = { idr: 50_000, microcents: 307_692_308n };
/** The stakes × 185 %, rounded once to the microcent (half to even). */
const WIN_PAYOUT = new Map([
  [REAL_STAKE, 1_138_461_538n],
  [PRACTICE_STAKE, 569_230_770n],
]);
/** 1,000,000 IDR ÷ 16,250 = 61.538461538… USD; its 1 % fee; the net. */
const WITHDRAWAL = { amount: 6_153_846_154n, fee: 61_538_462n, net: 6_092_307_692n };
/** Every new member's practice money: 10,000.00 USD. */
const DEMO_GRANT = 1_000_000_000_000n;

type Stake = typeof REAL_STAKE;
type Result = "win" | "loss" | "equal" | "void";
const RESULT_LABEL: Record<Result, string> = { win: "Win", loss: "Loss", equal: "Equal", void: "Void" };

/** A whole number of rupiah as every screen writes it: "185,000.00 IDR". */
const idr = (rupiah: number) => `${rupiah.toLocaleString("en-US")}.00 IDR`;

/**
 * What a settled contract shows and pays, for each result the server may give it: a win pays the
 * stake × (100 + payout %) ÷ 100, a loss nothing, an equal price or a void contract the stake back.
 * `won`, `lost` and `net` are /history-trade's totals of a mode holding that one contract.
 */
function expectedSettlement(result: Result, stake: Stake) {
  switch (result) {
    case "win": {
      const profit = (stake.idr * 85) / 100;
      return {
        payoutIdr: stake.idr + profit,
        payoutMicrocents: WIN_PAYOUT.get(stake) as bigint,
        won: idr(profit),
        lost: idr(0),
        net: `+${idr(profit)}`,
      };
    }
    case "loss":
      return { payoutIdr: 0, payoutMicrocents: 0n, won: idr(0), lost: idr(stake.idr), net: `-${idr(stake.idr)}` };
    case "equal":
    case "void":
      return { payoutIdr: stake.idr, payoutMicrocents: stake.microcents, won: idr(0), lost: idr(0), net: idr(0) };
  }
}

/** The admin's ledger check (GET /api/admin/ledger/verify): every invariant holds after `step`. */
async function expectLedgerVerified(admin: APIRequestContext, step: string) {
  const res = await admin.get(API.adminLedgerVerify);
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json(), `the ledger after ${step}`).toMatchObject({
    ok: true,
    unbalancedTransactions: [],
    driftedBalances: [],
    negativeMemberBalances: [],
    brokenRunningBalances: [],
  });
}

/** A description list as term → value, the way a member reads it (bidi isolation marks left out). */
function definitions(list: Locator) {
  return list.evaluate((dl) => {
    const clean = (text: string | null | undefined) => (text ?? "").replace(/[\u200e\u200f\u2066-\u2069]/g, "").trim();
    return Object.fromEntries(
      [...dl.querySelectorAll("dt")].map((dt) => [clean(dt.textContent), clean(dt.nextElementSibling?.textContent)]),
    );
  });
}

/**
 * The top bar's balance in Real mode: "Balance" and the wallet, exactly (the group's text goes on
 * with ", Practice: …" for assistive technology).
 */
async function expectTopBarWallet(page: Page, amount: string) {
  const escaped = amount.replace(/[.,]/g, "\\$&");
  await expect(topBarBalance(page)).toHaveText(new RegExp(`^Balance\\s*${escaped}, Practice: `));
}

/** One cell of a table row by its column's header (TableFrame and ContractTable label every cell). */
const cell = (row: Locator, column: string) => row.locator(`td[data-label="${column}"]`);

/** Light or dark from the top bar's toggle, without a pointer left over it (its tooltip would show). */
async function setTheme(page: Page, mode: "light" | "dark") {
  const toggle = page.getByRole("button", { name: /^Switch to (dark|light) mode$/ });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute("aria-label")) === `Switch to ${mode} mode`) await toggle.dispatchEvent("click");
  await expect(toggle).toHaveAttribute("aria-label", `Switch to ${mode === "dark" ? "light" : "dark"} mode`);
}

/** The screen as it is at 360 px in light: nothing wider than the phone, a screenshot, axe. */
async function phonePass(page: Page, name: string) {
  await expectNoHorizontalOverflow(page, `${name} overflows at 360 px`);
  // From the top: a full-page capture of a scrolled page draws the fixed top bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `exact-idr-${name}-mobile-light`);
  await expectAccessible(page);
}

/** The same screen on the desktop in dark (screenshot, axe), then back to the phone in light. */
async function desktopDarkPass(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await setTheme(page, "dark");
  await expectNoHorizontalOverflow(page, `${name} overflows on the desktop`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `exact-idr-${name}-desktop-dark`);
  await expectAccessible(page);
  await page.setViewportSize(MOBILE);
  await setTheme(page, "light");
}

test("an IDR member's money stays exactly as typed: a deposit, Real and Practice contracts, a withdrawal, at 360 px and on the desktop", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const base = baseURL as string;
  await page.setViewportSize(MOBILE);
  const member = await registerAndVerify(page, base, newMember({ firstName: "Putri", currency: "IDR" }));
  const uid = await uidOf(page.request);
  const admin = await openAdmin(browser, { viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  try {
    await test.step("deposit 500,000 IDR: the invoice, the operator's queue and approval, the wallet", async () => {
      await page.goto(paths.addBalance);
      const amount = page.getByLabel("Amount (IDR)");
      await amount.fill("500000");
      await expect(page.getByText(`That is 30.77 USD at ${RATE}.`)).toBeVisible();
      await phonePass(page, "add-balance");
      await page.getByRole("button", { name: "Create invoice" }).click();
      await page.waitForURL(/\/invoice-balance\/[0-9a-f-]{36}$/);
      const invoiceId = page.url().split("/").pop() as string;

      // The bank is told exactly what was typed, with no "about"; the USD credit and the rate beside it.
      await expect(
        page.getByText(/^Transfer exactly 500,000\.00 IDR to this account and put the reference \S+ in the transfer/),
      ).toBeVisible();
      const invoice = page.getByRole("region", { name: "Invoice", exact: true });
      await expect
        .poll(() => definitions(invoice.locator("dl")))
        .toMatchObject({ "Amount to transfer": `500,000.00 IDRCredited to your wallet: 30.77 USD at ${RATE}` });
      await expect(invoice.getByText(/about/)).toHaveCount(0);
      const sent = await (await page.request.get(API.deposit(invoiceId))).json();
      expect(microcentsOf(sent.amountMicrocents)).toBe(DEPOSIT);
      expect(sent.local).toEqual({ amount: "500000.00", currency: "IDR", rate: "16250" });
      const reference = sent.reference as string;

      await chooseFile(page, "Choose file: Proof of payment file", png("transfer-receipt.png", 4));
      await page.getByRole("button", { name: "Upload proof" }).click();
      const status = page.getByRole("region", { name: "Status" });
      await expect(status.getByText("We are checking your transfer.", { exact: false })).toBeVisible();
      await phonePass(page, "deposit-invoice");

      // The operator sees what the bank statement shows: the rupiah and the rate, in the queue and the dialog.
      await admin.page.goto(paths.adminDeposits);
      const card = admin.page.getByRole("listitem", { name: `Deposit ${reference}` });
      await expect(card.getByText("500,000.00 IDR", { exact: true })).toBeVisible();
      await expect(card.getByText(RATE, { exact: true })).toBeVisible();
      await screenshot(admin.page, "exact-idr-admin-deposits-desktop-light");
      await expectAccessible(admin.page);
      await card.getByRole("button", { name: "Approve" }).click();
      const dialog = admin.page.getByRole("dialog", { name: "Approve this deposit?" });
      await expect(dialog).toContainText(`500,000.00 IDR (30.77 USD at ${RATE})`);
      await dialog.getByLabel("Amount received (IDR)").fill("500000");
      await screenshot(admin.page, "exact-idr-admin-approve-desktop-light");
      await expectAccessible(admin.page);
      await dialog.getByRole("button", { name: "Approve" }).click();
      await expect(admin.page.getByRole("status").filter({ hasText: `Deposit ${reference} approved` })).toBeVisible();

      // Live on the member's screen: the invoice is approved and the top bar holds exactly what was typed.
      await expect(status.getByRole("alert")).toHaveText(/^Approved .+: 500,000\.00 IDR was added to your wallet\.$/);
      await expect(topBarBalance(page)).toContainText("Real wallet: 500,000.00 IDR");
      await expect(topBarBalance(page)).not.toContainText("500,012.50");
      expect((await balancesOf(page.request)).wallet).toBe(DEPOSIT);
      await expectLedgerVerified(admin.request, "the deposit");
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, "exact-idr-deposit-approved-mobile-light");

      await page.goto(paths.wallet);
      const walletCard = page
        .getByRole("list", { name: "Balances" })
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: "Wallet", exact: true }) });
      await expect(walletCard).toContainText("500,000.00 IDR");
      const deposit = page
        .locator('table[aria-label="Ledger entries"] tbody tr')
        .filter({ has: page.locator('td[data-label="Kind"]', { hasText: /^Deposit$/ }) });
      await expect(deposit).toHaveCount(1);
      await expect(cell(deposit, "Amount")).toHaveText("+500,000.00 IDR");
      await expect(cell(deposit, "Account")).toHaveText("Wallet");
      await expect(cell(deposit, "Balance after")).toHaveText("500,000.00 IDR");
      await phonePass(page, "wallet-after-deposit");
      await desktopDarkPass(page, "wallet-after-deposit");
    });

    await test.step("a 50,000 IDR Practice contract, then Real and a 100,000 IDR stake from the wallet", async () => {
      await page.goto(paths.tradeFirstPair);
      await expect(page.getByTestId("last-price")).not.toHaveText("—");
      await expect(page.getByTestId("order-payout")).toContainText("Payout: 85%");
      await expect(page.getByTestId("stake-source")).toContainText("Stake from Demo (practice): 162,500,000.00 IDR");
      const stake = page.getByLabel("Amount (IDR)");
      await stake.fill("50000");
      await expect(page.getByText(`That is 3.08 USD at ${RATE}.`)).toBeVisible();
      // The test server's short contract (SHORT_CONTRACT_SECONDS, e2e/server.mjs).
      await chooseOption(page.getByRole("combobox", { name: "Duration" }), "15 s");
      await page.getByRole("button", { name: "Up · pays 92,500.00 IDR" }).click();
      await expect(page.getByText(/Up contract placed at/)).toBeVisible();
      expect((await balancesOf(page.request)).demo).toBe(DEMO_GRANT - PRACTICE_STAKE.microcents);

      // Real, from the top bar's badge as a member switches: the dialog names the wallet in rupiah.
      await page.getByRole("button", { name: "Free: trading with practice money, switch mode" }).click();
      const modeDialog = page.getByRole("dialog", { name: "Trade with real money?" });
      await expect(modeDialog).toContainText("your next trades use your real wallet (500,000.00 IDR)");
      await screenshot(page, "exact-idr-mode-switch-mobile-light");
      await modeDialog.getByRole("button", { name: "Use real money" }).click();
      await expect(page.getByRole("button", { name: "Real: trading with real money, switch mode" })).toBeVisible();
      await expectTopBarWallet(page, "500,000.00 IDR");
      await expect(page.getByTestId("stake-source")).toContainText("Stake from Wallet (Real): 500,000.00 IDR");

      // 30 s: long enough to see it running on /on-trade.
      await stake.fill("100000");
      await expect(page.getByText(`That is 6.15 USD at ${RATE}.`)).toBeVisible();
      await chooseOption(page.getByRole("combobox", { name: "Duration" }), "30 s");
      await page.getByRole("button", { name: "Up · pays 185,000.00 IDR" }).click();
      await expect(page.getByText(/Up contract placed at/)).toBeVisible();
      await expectTopBarWallet(page, "400,000.00 IDR");
      expect((await balancesOf(page.request)).wallet).toBe(DEPOSIT - REAL_STAKE.microcents);
      await phonePass(page, "trade-real");
      await expectLedgerVerified(admin.request, "the two stakes");

      await page.getByRole("link", { name: "See On Trade" }).click();
      const running = page.getByTestId("open-trade");
      await expect(running).toHaveCount(1);
      await expect(cell(running, "Amount")).toHaveText("100,000.00 IDR");
      await expect(page.getByTestId("open-trades-staked")).toHaveText("Staked: 100,000.00 IDR");
      await phonePass(page, "on-trade-real");
      // Settled by the server's worker after its 30 s; the Practice one, placed before it, is settled by then.
      await expect(running).toHaveCount(0, { timeout: 60_000 });
      await expect
        .poll(async () => ((await (await page.request.get("/api/trades/open")).json()) as unknown[]).length)
        .toBe(0);
    });

    await test.step("/history-trade: each mode's contract and totals, exact in rupiah, never added together", async () => {
      const settledOf = async (mode: "real" | "practice") => {
        const res = await page.request.get(`/api/trades/history?mode=${mode}`);
        const { items } = (await res.json()) as {
          items: { result: Result; payoutPercent: number; payoutMicrocents: unknown }[];
        };
        expect(items).toHaveLength(1);
        const [contract] = items as [(typeof items)[number]];
        expect(contract.payoutPercent).toBe(85);
        return contract;
      };
      const real = await settledOf("real");
      const practice = await settledOf("practice");
      const realSettled = expectedSettlement(real.result, REAL_STAKE);
      const practiceSettled = expectedSettlement(practice.result, PRACTICE_STAKE);
      test
        .info()
        .annotations.push({ type: "results", description: `Real ${real.result}, Practice ${practice.result}` });
      expect(microcentsOf(real.payoutMicrocents)).toBe(realSettled.payoutMicrocents);
      expect(microcentsOf(practice.payoutMicrocents)).toBe(practiceSettled.payoutMicrocents);

      // The wallet is the deposit less the stake plus exactly that payout, and nothing else moved it.
      const wallet = DEPOSIT - REAL_STAKE.microcents + realSettled.payoutMicrocents;
      expect(await balancesOf(page.request)).toMatchObject({
        wallet,
        demo: DEMO_GRANT - PRACTICE_STAKE.microcents + practiceSettled.payoutMicrocents,
      });
      await expectTopBarWallet(page, idr(400_000 + realSettled.payoutIdr));
      const payouts = (await (
        await page.request.get(`${API.walletHistory}?kind=trade_payout&account=wallet`)
      ).json()) as { items: { amountMicrocents: unknown }[] };
      // A lost contract pays nothing: no payout movement at all.
      expect(payouts.items.map((e) => microcentsOf(e.amountMicrocents))).toEqual(
        real.result === "loss" ? [] : [realSettled.payoutMicrocents],
      );
      await expectLedgerVerified(admin.request, "the settlements");

      // The member trades Real now: the page opens on Real, and its totals are Real's alone.
      await page.goto(paths.historyTrade);
      const totals = page.getByTestId("trade-totals");
      const row = page.getByTestId("history-trade");
      const expectMode = async (label: string, stake: Stake, result: Result, s: typeof realSettled) => {
        await expect(totals).toContainText(`Totals of ${label} contracts only`);
        await expect(totals).toContainText("Contracts: 1");
        await expect(totals).toContainText(`Won: ${s.won}`);
        await expect(totals).toContainText(`Lost: ${s.lost}`);
        await expect(totals).toContainText(`Net: ${s.net}`);
        await expect(row).toHaveCount(1);
        await expect(cell(row, "Mode")).toHaveText(label);
        await expect(cell(row, "Amount")).toHaveText(idr(stake.idr));
        await expect(cell(row, "Result")).toHaveText(RESULT_LABEL[result]);
        await expect(cell(row, "Payout")).toHaveText(idr(s.payoutIdr));
      };
      await expectMode("Real", REAL_STAKE, real.result, realSettled);
      await phonePass(page, "history-trade-real");
      await chooseOption(page.getByRole("combobox", { name: "Mode" }), "Free");
      await expectMode("Free", PRACTICE_STAKE, practice.result, practiceSettled);
      await phonePass(page, "history-trade-free");
      await chooseOption(page.getByRole("combobox", { name: "Mode" }), "Real");
      await expectMode("Real", REAL_STAKE, real.result, realSettled);
      await desktopDarkPass(page, "history-trade-real");
    });

    await test.step("withdraw 1,000,000 IDR: the summary, the withdrawal's page and the list", async () => {
      await submitKyc(page.request, base);
      await approveKyc(admin.request, base, uid);
      await saveBankViaUi(page, member.password);
      // The rest of 1,000,000 IDR from the operator, to the microcent.
      const wallet = (await balancesOf(page.request)).wallet;
      await adjust(admin.request, base, uid, WITHDRAWAL.amount - wallet);
      await expectTopBarWallet(page, "1,000,000.00 IDR");
      await expectLedgerVerified(admin.request, "the adjustment");

      await page.goto(paths.withdrawal);
      await expect(page.getByText("Available in your wallet: 1,000,000.00 IDR")).toBeVisible();
      await page.getByLabel("Amount (IDR)").fill("1000000");
      await expect(page.getByText(`That is 61.54 USD at ${RATE}.`)).toBeVisible();
      await expect
        .poll(() => definitions(page.getByLabel("Withdrawal summary")))
        .toEqual({
          Amount: "1,000,000.00 IDR (61.54 USD)",
          "Fee (1%)": "10,000.00 IDR (0.62 USD)",
          "You receive": "990,000.00 IDR (60.92 USD)",
        });
      await phonePass(page, "withdrawal-form");
      await desktopDarkPass(page, "withdrawal-form");

      await page.getByRole("button", { name: "Request withdrawal" }).click();
      await page.waitForURL(/\/invoice-wd\/[0-9a-f-]{36}$/);
      const id = page.url().split("/").pop() as string;
      await expectTopBarWallet(page, "0.00 IDR");
      expect(await balancesOf(page.request)).toMatchObject({ wallet: 0n, withdrawal_hold: WITHDRAWAL.amount });
      const asked = await (await page.request.get(API.withdrawal(id))).json();
      expect({
        amount: microcentsOf(asked.amountMicrocents),
        fee: microcentsOf(asked.feeMicrocents),
        net: microcentsOf(asked.netMicrocents),
      }).toEqual(WITHDRAWAL);
      expect(asked.local).toEqual({ amount: "1000000.00", currency: "IDR", rate: "16250", net: "990000.00" });
      await expectLedgerVerified(admin.request, "the withdrawal");

      // The page names the amount as typed, the rate, the USD the ledger moved, and what the bank pays.
      const detail = page.getByRole("region", { name: "Detail" });
      await expect
        .poll(() => definitions(detail.locator("dl")))
        .toMatchObject({
          Amount: "1,000,000.00 IDR",
          "Exchange rate": RATE,
          "Amount in USD": "61.54 USD",
          Fee: "0.62 USD",
          "You receive": "990,000.00 IDR",
          "You receive in USD": "60.92 USD",
        });
      // Confirmed from the mail's link: the page says, live, what will be paid.
      await confirmWithdrawalFromMail(page.request, base, member.email);
      const status = page.getByRole("region", { name: "Status" });
      await expect(status).toContainText("We will pay 990,000.00 IDR to your bank account after review.");
      await expectLedgerVerified(admin.request, "the confirmation");
      await phonePass(page, "withdrawal-invoice");
      await desktopDarkPass(page, "withdrawal-invoice");

      await page.goto(paths.viewWithdrawal);
      const listed = page.locator('table[aria-label="Withdrawals"] tbody tr');
      await expect(listed).toHaveCount(1);
      await expect(cell(listed, "Amount")).toHaveText("1,000,000.00 IDR");
      await expect(cell(listed, "Fee")).toHaveText("0.62 USD");
      await expect(cell(listed, "You receive")).toHaveText("990,000.00 IDR");
      await phonePass(page, "withdrawals");
    });
  } finally {
    await admin.context.close();
  }
});
