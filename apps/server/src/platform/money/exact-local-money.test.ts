/**
 * What a member types in their own currency is what every screen shows afterwards, and what is
 * derived from it (a payout, a fee, profit, a commission) shows as the same computation done in that
 * currency, to the hundredth (docs/decisions/0020-money-in-microcents.md, docs/product.md §2, §4a).
 * Each amount below is no whole number of US cents: with the old unit (the cent) none of it held.
 */
import {
  API,
  type Currency,
  divideHalfEven,
  formatLocalHundredths,
  formatMoney,
  fromCents,
  localHundredths,
  localHundredthsToDecimal,
  MICROCENTS_PER_CENT,
  priceToUnits,
  usdMicrocentsToLocalHundredths,
} from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, databaseKinds, signInAdmin, signUpVerified, type TestApp } from "../../../test/helpers.ts";
import {
  createPackage,
  expectSoundLedger,
  fundWallet,
  moneyApp,
  multipartForm,
  png,
  postForm,
  readyMember,
} from "../../../test/money.ts";
import { accrueDue } from "../../modules/investments/accrual.ts";
import { SETTLE_GRACE_MS, settleDue } from "../../modules/trading/service.ts";

/** Per currency: its default rate, an amount to deposit, and an amount for everything else (≥ 10 USD). */
const CASES: { currency: Currency; rate: string; deposit: string; typed: string }[] = [
  { currency: "IDR", rate: "16250", deposit: "500000", typed: "234567.89" },
  { currency: "KRW", rate: "1390", deposit: "45678", typed: "23456" },
  { currency: "JPY", rate: "155", deposit: "5678", typed: "2345" },
  { currency: "BHD", rate: "0.376", deposit: "12.34", typed: "5.67" },
];

/** What every member in these tests starts with where a test funds them: 100.00 USD. */
const FUNDED = fromCents(10_000);

describe.each(databaseKinds)("exact amounts in the member's currency on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  let slug: string;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
    slug = await createPackage(admin, {
      name: "Exact tier",
      slug: "exact-tier",
      dailyRateBps: 125,
      durationPeriods: 7,
    });
  });
  afterAll(async () => t?.close());

  describe.each(CASES)("$currency at $rate per USD", ({ currency, rate, deposit, typed }) => {
    const local = (amount: string) => ({ local: { amount, currency, rate } });
    /** What the member sees for an amount in microcents: the top bar's and every screen's formatting. */
    const shown = (microcents: string | bigint) => formatMoney(BigInt(microcents), currency, Number(rate));
    /** Hundredths of the member's currency, written as the screens write them ("1,234.56 IDR"). */
    const inLocal = (hundredths: bigint) => formatLocalHundredths(hundredths, currency);
    const hundredths = (amount: string) => {
      const value = localHundredths(amount);
      if (value === null) throw new Error(`not an amount: ${amount}`);
      return value;
    };
    /** The typed amount, in hundredths of the member's currency. */
    const T = hundredths(typed);
    /** `hundredths × numerator ÷ denominator` computed in the member's currency, to the hundredth. */
    const share = (h: bigint, numerator: number | bigint, denominator: number | bigint) =>
      divideHalfEven(h * BigInt(numerator), BigInt(denominator));
    /** 100.00 USD in the member's currency (exact at these rates). */
    const F = usdMicrocentsToLocalHundredths(FUNDED, rate);
    const wallet = async (client: Client) => (await client.get(API.wallet)).json() as Record<string, string>;
    /** Microcents that are no whole number of US cents: the old unit could not hold them. */
    const expectNoWholeCents = (microcents: string | bigint) =>
      expect(BigInt(microcents) % MICROCENTS_PER_CENT, `${microcents} microcents`).not.toBe(0n);

    beforeAll(async () => {
      // The default rates are in force, and they are what the settings answer.
      const rates = (await admin.get(API.settings)).json().rates as { name: string; decimal: string }[];
      expect(rates.find((r) => r.name === currency)?.decimal).toBe(rate);
      expect(usdMicrocentsToLocalHundredths(FUNDED, rate, "down")).toBe(
        usdMicrocentsToLocalHundredths(FUNDED, rate, "up"),
      );
    });

    it("deposits the amount typed: the invoice keeps it and the wallet shows it after approval", async () => {
      const { client } = await signUpVerified(t.app, { currency });
      const res = await client.post(API.deposits, local(deposit));
      expect(res.statusCode, res.body).toBe(201);
      const kept = { amount: localHundredthsToDecimal(hundredths(deposit)), currency, rate };
      expect(res.json()).toMatchObject({ status: "awaiting_payment", local: kept });
      const invoice = res.json() as { id: string; amountMicrocents: string };
      expectNoWholeCents(invoice.amountMicrocents);
      expect(shown(invoice.amountMicrocents)).toBe(inLocal(hundredths(deposit)));

      const proof = multipartForm({}, [
        { field: "file", filename: "receipt.png", contentType: "image/png", data: await png() },
      ]);
      expect((await postForm(client, API.depositProof(invoice.id), proof)).statusCode).toBe(200);
      const approved = await admin.post(API.adminDepositApprove(invoice.id), { amountReceived: deposit });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ status: "approved", local: kept });

      const balance = (await wallet(client)).wallet as string;
      expect(balance).toBe(invoice.amountMicrocents);
      expect(shown(balance)).toBe(inLocal(hundredths(deposit)));
      expect((await client.get(API.deposit(invoice.id))).json()).toMatchObject({ status: "approved", local: kept });
      await expectSoundLedger(t.database);
    });

    it("stakes the amount typed in Real and pays a win as stake × (100 + payout %) ÷ 100 in the member's currency", async () => {
      const { client, member } = await signUpVerified(t.app, { currency });
      expect((await admin.put(API.adminMemberTrading(member.uid), { userTrading: true })).statusCode).toBe(200);
      await fundWallet(admin, member.uid, FUNDED);
      // The outcome is forced: the price of the entry now, a higher one just before the expiry.
      await t.database.db.execute(sql`delete from market_ticks where symbol = 'BTC'`);
      const tick = (price: string, at: Date) =>
        t.app.services.market.record([{ symbol: "BTC", price: priceToUnits(price) as number, at }]);
      await tick("95000", new Date());
      const res = await client.post(API.trades, {
        symbol: "BTC",
        direction: "up",
        durationSeconds: 30,
        ...local(typed),
      });
      expect(res.statusCode, res.body).toBe(201);
      const contract = res.json() as { id: string; amountMicrocents: string; payoutPercent: number; expiresAt: string };
      expect(contract).toMatchObject({ account: "wallet", status: "open", entryPrice: "95000.00" });
      expectNoWholeCents(contract.amountMicrocents);
      expect(shown(contract.amountMicrocents)).toBe(inLocal(T));
      expect(shown((await wallet(client)).wallet as string)).toBe(inLocal(F - T));

      const expiresAt = new Date(contract.expiresAt);
      await tick("95001", new Date(expiresAt.getTime() - 500));
      const settled = await settleDue(t.app.services, { now: new Date(expiresAt.getTime() + SETTLE_GRACE_MS + 10) });
      expect(settled.find((c) => c.id === contract.id)).toMatchObject({ status: "settled", result: "win" });

      const history = (await client.get(API.tradesHistory)).json().items as {
        id: string;
        amountMicrocents: string;
        payoutMicrocents: string;
      }[];
      const mine = history.find((c) => c.id === contract.id);
      expect(mine).toMatchObject({ result: "win", amountMicrocents: contract.amountMicrocents });
      const percent = 100 + contract.payoutPercent;
      expect(contract.payoutPercent).toBe(85);
      expect(shown(mine?.payoutMicrocents as string)).toBe(inLocal(share(T, percent, 100)));
      // The wallet: 100.00 USD − the stake + the payout, computed in the member's currency.
      expect(shown((await wallet(client)).wallet as string)).toBe(
        inLocal(share((F - T) * 100n + T * BigInt(percent), 1, 100)),
      );
      await expectSoundLedger(t.database);
    });

    it("withdraws the amount typed, with the fee and the net as computed in the member's currency", async () => {
      const { client, member } = await readyMember(t.app, admin, { currency });
      await fundWallet(admin, member.uid, FUNDED);
      const feeBps = (await admin.get(API.adminSettings)).json().withdrawalFeeBps as number;
      expect(feeBps).toBe(100);
      const res = await client.post(API.withdrawals, local(typed));
      expect(res.statusCode, res.body).toBe(201);
      const withdrawal = res.json() as { amountMicrocents: string; feeMicrocents: string; netMicrocents: string };
      const fee = share(T, feeBps, 10_000);
      const net = share(T, 10_000 - feeBps, 10_000);
      expectNoWholeCents(withdrawal.amountMicrocents);
      expect({
        amount: shown(withdrawal.amountMicrocents),
        fee: shown(withdrawal.feeMicrocents),
        net: shown(withdrawal.netMicrocents),
      }).toEqual({ amount: inLocal(T), fee: inLocal(fee), net: inLocal(net) });
      expect(res.json().local).toEqual({
        amount: localHundredthsToDecimal(T),
        currency,
        rate,
        net: localHundredthsToDecimal(net),
      });
      const balances = await wallet(client);
      expect(shown(balances.wallet as string)).toBe(inLocal(F - T));
      expect(shown(balances.withdrawal_hold as string)).toBe(inLocal(T));
      await expectSoundLedger(t.database);
    });

    it("invests the amount typed: its profit per period, and the referrers' commissions, show as computed in the member's currency", async () => {
      // A chain top ← referrer ← investor, all in the same currency.
      const top = await signUpVerified(t.app, { currency });
      const referrer = await signUpVerified(t.app, { currency, referralCode: top.input.username });
      const { client, member } = await signUpVerified(t.app, { currency, referralCode: referrer.input.username });
      await fundWallet(admin, member.uid, FUNDED);
      const res = await client.post(API.investments, { slug, ...local(typed) });
      expect(res.statusCode, res.body).toBe(201);
      const investment = res.json().investment as {
        id: string;
        amountMicrocents: string;
        dailyRateBps: number;
        durationPeriods: number;
        totalProfitMicrocents: string;
        startedAt: string;
        periodSeconds: number;
      };
      expect(investment).toMatchObject({ dailyRateBps: 125, durationPeriods: 7, status: "active" });
      expectNoWholeCents(investment.amountMicrocents);
      expect(shown(investment.amountMicrocents)).toBe(inLocal(T));
      expect(shown((await wallet(client)).wallet as string)).toBe(inLocal(F - T));

      const { dailyRateBps: bps, durationPeriods: periods } = investment;
      const total = share(T, bps * periods, 10_000);
      const perPeriod = share(T, bps * periods, 10_000 * periods);
      expect(shown(investment.totalProfitMicrocents)).toBe(inLocal(total));
      const invoice = (await client.get(API.investment(investment.id))).json() as {
        schedule: { period: number; amountMicrocents: string }[];
      };
      expect(invoice.schedule.map((p) => shown(p.amountMicrocents))).toEqual(
        Array.from({ length: periods }, () => inLocal(perPeriod)),
      );

      // The first period is credited to the profit fund: it shows as the schedule said.
      const firstDue = new Date(Date.parse(investment.startedAt) + investment.periodSeconds * 1000);
      await accrueDue(t.app.services, { now: firstDue });
      expect(shown((await wallet(client)).profit as string)).toBe(inLocal(perPeriod));

      // Level 1 and level 2 earn their share of the amount typed, into bonus.
      const [level1 = 0, level2 = 0] = (await admin.get(API.adminSettings)).json().referralCommissionBps as number[];
      expect([level1, level2]).toEqual([500, 300]);
      expect(shown((await wallet(referrer.client)).bonus as string)).toBe(inLocal(share(T, level1, 10_000)));
      expect(shown((await wallet(top.client)).bonus as string)).toBe(inLocal(share(T, level2, 10_000)));
      await expectSoundLedger(t.database);
    });

    it("moves the amount typed from the profit fund to the wallet", async () => {
      const { client, member } = await signUpVerified(t.app, { currency });
      const credit = await admin.post(API.adminMemberAdjust(member.uid), {
        account: "profit",
        amountMicrocents: FUNDED.toString(),
        reason: "Test funding",
      });
      expect(credit.statusCode, credit.body).toBe(200);
      const res = await client.post(API.fundTransfers("profit"), local(typed));
      expect(res.statusCode, res.body).toBe(201);
      const moved = res.json() as {
        transfer: { amountMicrocents: string; fundBalanceAfterMicrocents: string };
        walletMicrocents: string;
      };
      expectNoWholeCents(moved.transfer.amountMicrocents);
      expect({
        moved: shown(moved.transfer.amountMicrocents),
        fundAfter: shown(moved.transfer.fundBalanceAfterMicrocents),
        wallet: shown(moved.walletMicrocents),
      }).toEqual({ moved: inLocal(T), fundAfter: inLocal(F - T), wallet: inLocal(T) });
      const balances = await wallet(client);
      expect({ profit: shown(balances.profit as string), wallet: shown(balances.wallet as string) }).toEqual({
        profit: inLocal(F - T),
        wallet: inLocal(T),
      });
      await expectSoundLedger(t.database);
    });
  });
});
