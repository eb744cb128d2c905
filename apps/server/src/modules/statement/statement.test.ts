import { createRequire } from "node:module";
import path from "node:path";
import { API, formatMoney, type ProfitResponse, priceToUnits, type StatementResponse } from "@helio/shared";
import { sql } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  databaseKinds,
  Client as HttpClient,
  latestMail,
  queryRows,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { expectError, expectSoundLedger, fundWallet, moneyApp } from "../../../test/money.ts";
import { settleDue } from "../trading/service.ts";

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/** Every text item of every page of a PDF, one string per page. */
async function pdfText(bytes: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await task.destroy();
  return pages.join("\n");
}

const squeeze = (text: string) => text.replace(/\s+/g, "");
const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const usd = (cents: number) => formatMoney(cents, "USD");

describe.each(databaseKinds)("statement and profit table on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  /** A member with two deposits and three settled Real contracts (a win, a loss, a void) and one Practice one. */
  let trader: { client: Client; uid: string; email: string };

  const tick = (price: string, at: Date) =>
    t.app.services.market.record([{ symbol: "BTC", price: priceToUnits(price) as number, at }]);
  const place = async (c: Client, direction: "up" | "down", amountCents: number) => {
    const res = await c.post(API.trades, { symbol: "BTC", direction, amountCents, durationSeconds: 30 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; expiresAt: string };
  };
  /** Ledger sums of one member's account, straight from the entries. */
  const ledgerSums = async (uid: string, account: string, kindName?: string) => {
    const [row] = await queryRows<{ total: string; n: string }>(
      t.database,
      sql`select coalesce(sum(e.amount), 0) as total, count(*) as n from ledger_entries e
          join balances b on b.id = e.balance_id join ledger_transactions x on x.id = e.transaction_id
          where b.user_id = ${uid} and b.account = ${account} ${kindName ? sql`and x.kind = ${kindName}` : sql``}`,
    );
    return { total: Number(row?.total ?? 0), count: Number(row?.n ?? 0) };
  };

  beforeAll(async () => {
    t = await moneyApp(kind, { MONEY_RATE_LIMIT: "200" });
    admin = await signInAdmin(t.app);
    const { client, member, input } = await signUpVerified(t.app);
    trader = { client, uid: member.uid, email: input.email };
    await fundWallet(admin, member.uid, 50_000);
    await fundWallet(admin, member.uid, 12_345);
    await t.database.db.execute(sql`delete from market_ticks where symbol = 'BTC'`);
    await tick("95000", new Date());
    // Practice first (the member's mode), then Real once trading is switched on.
    const practice = await place(client, "up", 700);
    expect((await admin.put(API.adminMemberTrading(member.uid), { userTrading: true })).statusCode).toBe(200);
    const win = await place(client, "up", 1000);
    const loss = await place(client, "down", 2500);
    const expiries = [practice, win, loss].map((c) => new Date(c.expiresAt).getTime());
    await tick("95100", new Date(Math.min(...expiries) - 500));
    await settleDue(t.app.services, { now: new Date(Math.max(...expiries) + 60_000) });
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  it("answers 401 to visitors on every route", async () => {
    const anon = new HttpClient(t.app);
    for (const res of [
      await anon.get(API.statement),
      await anon.get(API.statementCsv),
      await anon.get(API.statementPdf),
      await anon.post(API.statementMail, { month: "2020-01" }),
      await anon.get(API.profitTable),
      await anon.get(API.profitTableCsv),
      await anon.get(API.profitTablePdf),
    ]) {
      expectError(res, 401, "UNAUTHENTICATED");
    }
  });

  it("lists the wallet's movements oldest first with a running balance that adds up to the ledger", async () => {
    const res = await trader.client.get(`${API.statement}?pageSize=100`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as StatementResponse;
    expect(s.account).toBe("wallet");
    expect(s.openingCents).toBe(0);
    let running = s.openingCents;
    for (const item of s.items) {
      expect(item.account).toBe("wallet");
      running += item.amountCents;
      expect(item.balanceAfterCents).toBe(running);
    }
    const ledger = await ledgerSums(trader.uid, "wallet");
    const wallet = (await trader.client.get(API.wallet)).json().wallet as number;
    expect(s.closingCents).toBe(wallet);
    expect(s.closingCents).toBe(ledger.total);
    expect(s.total).toBe(ledger.count);
    expect(s.totals.count).toBe(ledger.count);
    expect(s.totals.inCents).toBe(s.items.filter((i) => i.amountCents > 0).reduce((a, i) => a + i.amountCents, 0));
    expect(s.totals.outCents).toBe(s.items.filter((i) => i.amountCents < 0).reduce((a, i) => a + i.amountCents, 0));
    expect(s.totals.netCents).toBe(s.closingCents - s.openingCents);
    // The Real trades moved the wallet: two deposits, two stakes, one payout (the loss pays nothing).
    expect(s.items.map((i) => i.kind)).toEqual([
      "adjustment",
      "adjustment",
      "trade_stake",
      "trade_stake",
      "trade_payout",
    ]);
  });

  it("filters by kind, account and dates, keeping opening and closing balances of the account", async () => {
    const stakes = (await trader.client.get(`${API.statement}?kind=trade_stake`)).json() as StatementResponse;
    expect(stakes.items.every((i) => i.kind === "trade_stake")).toBe(true);
    expect(stakes.totals.outCents).toBe((await ledgerSums(trader.uid, "wallet", "trade_stake")).total);
    expect(stakes.totals.inCents).toBe(0);
    expect(stakes.closingCents).toBe((await ledgerSums(trader.uid, "wallet")).total);

    const practice = (await trader.client.get(`${API.statement}?account=demo`)).json() as StatementResponse;
    expect(practice.items[0]?.kind).toBe("demo_grant");
    expect(practice.items.every((i) => i.account === "demo")).toBe(true);
    expect(practice.closingCents).toBe((await ledgerSums(trader.uid, "demo")).total);

    const future = (await trader.client.get(`${API.statement}?from=${dayOffset(1)}`)).json() as StatementResponse;
    expect(future.items).toEqual([]);
    expect(future.openingCents).toBe(future.closingCents);
    expect(future.openingCents).toBe((await ledgerSums(trader.uid, "wallet")).total);

    const past = (await trader.client.get(`${API.statement}?to=${dayOffset(-1)}`)).json() as StatementResponse;
    expect(past).toMatchObject({ items: [], openingCents: 0, closingCents: 0, totals: { count: 0, netCents: 0 } });

    const todays = (await trader.client.get(`${API.statement}?from=${today()}&to=${today()}`)).json();
    expect(todays.totals.count).toBe((await ledgerSums(trader.uid, "wallet")).count);
  });

  it("refuses bad filters with a 400 naming the field", async () => {
    const c = trader.client;
    expectError(await c.get(`${API.statement}?from=${today()}&to=${dayOffset(-3)}`), 400, "VALIDATION_FAILED", "to");
    expectError(await c.get(`${API.statement}?account=savings`), 400, "VALIDATION_FAILED", "account");
    expectError(await c.get(`${API.statement}?kind=gift`), 400, "VALIDATION_FAILED", "kind");
    expectError(await c.get(`${API.statement}?from=2026-13-40`), 400, "VALIDATION_FAILED", "from");
    expectError(await c.get(`${API.statementPdf}?from=${today()}&to=${dayOffset(-1)}`), 400, "VALIDATION_FAILED", "to");
    expectError(await c.get(`${API.profitTable}?mode=both`), 400, "VALIDATION_FAILED", "mode");
    expectError(
      await c.get(`${API.profitTableCsv}?from=${today()}&to=${dayOffset(-1)}`),
      400,
      "VALIDATION_FAILED",
      "to",
    );
    expectError(await c.post(API.statementMail, { month: "2026-13" }), 400, "VALIDATION_FAILED", "month");
    expectError(await c.post(API.statementMail, { month: today().slice(0, 7) }), 400, "VALIDATION_FAILED", "month");
  });

  it("lists settled contracts of one mode with totals equal to the ledger's stakes and payouts", async () => {
    const real = (await trader.client.get(API.profitTable)).json() as ProfitResponse;
    expect(real.mode).toBe("real");
    expect(real.items.map((r) => [r.direction, r.result, r.mode])).toEqual(
      expect.arrayContaining([
        ["up", "win", "real"],
        ["down", "loss", "real"],
      ]),
    );
    expect(real.items).toHaveLength(2);
    const stakes = await ledgerSums(trader.uid, "wallet", "trade_stake");
    const payouts = await ledgerSums(trader.uid, "wallet", "trade_payout");
    expect(real.totals).toEqual({
      count: 2,
      stakeCents: -stakes.total,
      payoutCents: payouts.total,
      profitCents: payouts.total + stakes.total,
    });
    for (const row of real.items) {
      expect(row.profitCents).toBe(row.payoutCents - row.stakeCents);
      expect(row.entryPrice).toBe("95000.00");
      expect(row.exitPrice).toBe("95100.00");
    }

    const practice = (await trader.client.get(`${API.profitTable}?mode=practice`)).json() as ProfitResponse;
    expect(practice.items.map((r) => [r.mode, r.stakeCents, r.result])).toEqual([["practice", 700, "win"]]);
    expect(practice.totals.stakeCents).toBe(-(await ledgerSums(trader.uid, "demo", "trade_stake")).total);

    const later = (await trader.client.get(`${API.profitTable}?from=${dayOffset(1)}`)).json() as ProfitResponse;
    expect(later).toMatchObject({ items: [], totals: { count: 0, stakeCents: 0, payoutCents: 0, profitCents: 0 } });
  });

  it("never shows another member's movements or contracts", async () => {
    const other = await signUpVerified(t.app);
    const theirs = (await other.client.get(`${API.statement}?account=demo`)).json() as StatementResponse;
    expect(theirs.items.map((i) => i.kind)).toEqual(["demo_grant"]);
    expect((await other.client.get(API.statement)).json()).toMatchObject({ items: [], closingCents: 0 });
    expect((await other.client.get(API.profitTable)).json()).toMatchObject({ items: [], totals: { count: 0 } });
    const csv = (await other.client.get(API.profitTableCsv)).body.trim().split("\r\n");
    expect(csv).toHaveLength(1);
    const mine = (await trader.client.get(API.statement)).json() as StatementResponse;
    const csvMine = (await other.client.get(`${API.statementCsv}?account=wallet`)).body;
    for (const item of mine.items) expect(csvMine).not.toContain(item.transactionId);
  });

  it("downloads the statement as CSV whose USD amounts sum to the net change", async () => {
    const res = await trader.client.get(API.statementCsv);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const [header, ...lines] = res.body.trim().split("\r\n");
    expect(header).toBe(
      "date,kind,account,amount_usd,balance_after_usd,amount,balance,reference_type,reference_id,transaction_id",
    );
    const cents = lines.map((l) => Math.round(Number(l.split(",")[3]) * 100));
    expect(cents.reduce((a, b) => a + b, 0)).toBe((await ledgerSums(trader.uid, "wallet")).total);
    expect(lines[0]).toContain("500.00 USD");
  });

  it("writes the statement PDF whose figures equal the ledger's", async () => {
    const res = await trader.client.get(API.statementPdf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(res.rawPayload);
    const ledger = await ledgerSums(trader.uid, "wallet");
    expect(text).toContain("Statement");
    expect(text).toContain("Closing balance");
    expect(text).toContain(usd(ledger.total));
    expect(text).toContain(usd(-1000));
    expect(text).toContain(usd(-2500));
    expect(text).toContain("Trade payout");
  });

  it("writes the profit table PDF with its totals, in the member's language", async () => {
    const real = (await trader.client.get(API.profitTable)).json() as ProfitResponse;
    const english = await pdfText((await trader.client.get(API.profitTablePdf)).rawPayload);
    expect(english).toContain("Profit table");
    expect(english).toContain(usd(real.totals.stakeCents));
    expect(english).toContain(usd(real.totals.payoutCents));
    expect(english).toContain(usd(real.totals.profitCents));
    expect(english).toContain("BTC/USDT");

    expect((await trader.client.put(API.profileLocale, { locale: "zh-Hans" })).statusCode).toBe(200);
    try {
      // Text extraction spaces out glyphs of embedded fonts: compare without spaces.
      const chinese = squeeze(await pdfText((await trader.client.get(API.profitTablePdf)).rawPayload));
      expect(chinese).toContain("盈亏表");
      expect(chinese).toContain("期间");
      expect(chinese).toContain(squeeze(formatMoney(real.totals.profitCents, "USD", 1, "zh-Hans")));
      const arabic = await (async () => {
        await trader.client.put(API.profileLocale, { locale: "ar" });
        return squeeze(await pdfText((await trader.client.get(`${API.statementPdf}?account=demo`)).rawPayload));
      })();
      expect(arabic).toContain(squeeze(formatMoney((await ledgerSums(trader.uid, "demo")).total, "USD", 1, "ar")));
    } finally {
      await trader.client.put(API.profileLocale, { locale: "en" });
    }
  });

  it("mails the statement of a month that has ended, with its figures and the link to its PDF", async () => {
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const res = await trader.client.post(API.statementMail, { month: last });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ to: trader.email, from: `${last}-01` });
    const mail = await latestMail(t.app, trader.email);
    expect(mail.subject).toContain(last);
    const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    const url = new URL(link);
    expect(url.pathname).toBe(API.statementPdf);
    expect(url.searchParams.get("from")).toBe(`${last}-01`);
    // Nothing moved last month: opening and closing are both nil.
    expect(mail.text).toContain(usd(0));
    const pdf = await trader.client.get(url.pathname + url.search);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain("No movements in this period.");
  });
});
