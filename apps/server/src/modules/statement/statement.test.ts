import { createRequire } from "node:module";
import path from "node:path";
import {
  API,
  formatMoney,
  fromCents,
  MICROCENTS_PER_USD,
  priceToUnits,
  profitResponseSchema,
  statementResponseSchema,
} from "@helio/shared";
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
import { apiCents, expectError, expectSoundLedger, fundWallet, moneyApp } from "../../../test/money.ts";
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
const usd = (microcents: bigint) => formatMoney(microcents, "USD");
/** "-10.00", "6.15384615" (a CSV's exact USD decimal) → microcents. */
function microcentsOfDecimal(text: string): bigint {
  const [units = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  const microcents = BigInt(units) * MICROCENTS_PER_USD + BigInt(fraction.padEnd(8, "0"));
  return text.startsWith("-") ? -microcents : microcents;
}

describe.each(databaseKinds)("statement and profit table on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  /** A member with two deposits and three settled Real contracts (a win, a loss, a void) and one Practice one. */
  let trader: { client: Client; uid: string; email: string };

  const tick = (price: string, at: Date) =>
    t.app.services.market.record([{ symbol: "BTC", price: priceToUnits(price) as number, at }]);
  /** Places a 30-second BTC contract of `cents` whole cents. */
  const place = async (c: Client, direction: "up" | "down", cents: number) => {
    const res = await c.post(API.trades, {
      symbol: "BTC",
      direction,
      amountMicrocents: apiCents(cents),
      durationSeconds: 30,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; expiresAt: string };
  };
  /** Ledger sums of one member's account, straight from the entries. */
  const ledgerSums = async (uid: string, account: string, kindName?: string) => {
    const [row] = await queryRows<{ total: string; n: string }>(
      t.database,
      sql`select coalesce(sum(e.amount), 0)::text as total, count(*) as n from ledger_entries e
          join balances b on b.id = e.balance_id join ledger_transactions x on x.id = e.transaction_id
          where b.user_id = ${uid} and b.account = ${account} ${kindName ? sql`and x.kind = ${kindName}` : sql``}`,
    );
    return { total: BigInt(row?.total ?? 0), count: Number(row?.n ?? 0) };
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
  /** A statement or profit table as the API answers it, its amounts read back into bigints. */
  const statementAt = async (c: Client, url: string) => {
    const res = await c.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return statementResponseSchema.parse(res.json());
  };
  const profitAt = async (c: Client, url: string) => {
    const res = await c.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return profitResponseSchema.parse(res.json());
  };
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
    const s = await statementAt(trader.client, `${API.statement}?pageSize=100`);
    expect(s.account).toBe("wallet");
    expect(s.openingMicrocents).toBe(0n);
    let running = s.openingMicrocents;
    for (const item of s.items) {
      expect(item.account).toBe("wallet");
      running += item.amountMicrocents;
      expect(item.balanceAfterMicrocents).toBe(running);
    }
    const ledger = await ledgerSums(trader.uid, "wallet");
    const wallet = BigInt((await trader.client.get(API.wallet)).json().wallet);
    expect(s.closingMicrocents).toBe(wallet);
    expect(s.closingMicrocents).toBe(ledger.total);
    expect(s.total).toBe(ledger.count);
    expect(s.totals.count).toBe(ledger.count);
    const sum = (amounts: bigint[]) => amounts.reduce((a, b) => a + b, 0n);
    const amounts = s.items.map((i) => i.amountMicrocents);
    expect(s.totals.inMicrocents).toBe(sum(amounts.filter((a) => a > 0n)));
    expect(s.totals.outMicrocents).toBe(sum(amounts.filter((a) => a < 0n)));
    expect(s.totals.netMicrocents).toBe(s.closingMicrocents - s.openingMicrocents);
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
    const stakes = await statementAt(trader.client, `${API.statement}?kind=trade_stake`);
    expect(stakes.items.every((i) => i.kind === "trade_stake")).toBe(true);
    expect(stakes.totals.outMicrocents).toBe((await ledgerSums(trader.uid, "wallet", "trade_stake")).total);
    expect(stakes.totals.inMicrocents).toBe(0n);
    expect(stakes.closingMicrocents).toBe((await ledgerSums(trader.uid, "wallet")).total);

    const practice = await statementAt(trader.client, `${API.statement}?account=demo`);
    expect(practice.items[0]?.kind).toBe("demo_grant");
    expect(practice.items.every((i) => i.account === "demo")).toBe(true);
    expect(practice.closingMicrocents).toBe((await ledgerSums(trader.uid, "demo")).total);

    const future = await statementAt(trader.client, `${API.statement}?from=${dayOffset(1)}`);
    expect(future.items).toEqual([]);
    expect(future.openingMicrocents).toBe(future.closingMicrocents);
    expect(future.openingMicrocents).toBe((await ledgerSums(trader.uid, "wallet")).total);

    const past = await statementAt(trader.client, `${API.statement}?to=${dayOffset(-1)}`);
    expect(past).toMatchObject({
      items: [],
      openingMicrocents: 0n,
      closingMicrocents: 0n,
      totals: { count: 0, netMicrocents: 0n },
    });

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
    const real = await profitAt(trader.client, API.profitTable);
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
      stakeMicrocents: -stakes.total,
      payoutMicrocents: payouts.total,
      profitMicrocents: payouts.total + stakes.total,
    });
    for (const row of real.items) {
      expect(row.profitMicrocents).toBe(row.payoutMicrocents - row.stakeMicrocents);
      expect(row.entryPrice).toBe("95000.00");
      expect(row.exitPrice).toBe("95100.00");
    }

    const practice = await profitAt(trader.client, `${API.profitTable}?mode=practice`);
    expect(practice.items.map((r) => [r.mode, r.stakeMicrocents, r.result])).toEqual([
      ["practice", fromCents(700), "win"],
    ]);
    expect(practice.totals.stakeMicrocents).toBe(-(await ledgerSums(trader.uid, "demo", "trade_stake")).total);

    const later = await profitAt(trader.client, `${API.profitTable}?from=${dayOffset(1)}`);
    expect(later).toMatchObject({
      items: [],
      totals: { count: 0, stakeMicrocents: 0n, payoutMicrocents: 0n, profitMicrocents: 0n },
    });
  });

  it("never shows another member's movements or contracts", async () => {
    const other = await signUpVerified(t.app);
    const theirs = await statementAt(other.client, `${API.statement}?account=demo`);
    expect(theirs.items.map((i) => i.kind)).toEqual(["demo_grant"]);
    expect((await other.client.get(API.statement)).json()).toMatchObject({ items: [], closingMicrocents: "0" });
    expect((await other.client.get(API.profitTable)).json()).toMatchObject({ items: [], totals: { count: 0 } });
    const csv = (await other.client.get(API.profitTableCsv)).body.trim().split("\r\n");
    expect(csv).toHaveLength(1);
    const mine = await statementAt(trader.client, API.statement);
    const csvMine = (await other.client.get(`${API.statementCsv}?account=wallet`)).body;
    for (const item of mine.items) expect(csvMine).not.toContain(item.transactionId);
  });

  it("downloads the statement as CSV whose exact USD amounts sum to the net change", async () => {
    const res = await trader.client.get(API.statementCsv);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const [header, ...lines] = res.body.trim().split("\r\n");
    expect(header).toBe(
      "date,kind,account,amount_usd,balance_after_usd,amount,balance,reference_type,reference_id,transaction_id",
    );
    const amounts = lines.map((l) => microcentsOfDecimal(l.split(",")[3] ?? ""));
    expect(amounts.reduce((a, b) => a + b, 0n)).toBe((await ledgerSums(trader.uid, "wallet")).total);
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
    expect(text).toContain(usd(fromCents(-1000)));
    expect(text).toContain(usd(fromCents(-2500)));
    expect(text).toContain("Trade payout");
  });

  it("writes the profit table PDF with its totals, in the member's language", async () => {
    const real = await profitAt(trader.client, API.profitTable);
    const english = await pdfText((await trader.client.get(API.profitTablePdf)).rawPayload);
    expect(english).toContain("Profit table");
    expect(english).toContain(usd(real.totals.stakeMicrocents));
    expect(english).toContain(usd(real.totals.payoutMicrocents));
    expect(english).toContain(usd(real.totals.profitMicrocents));
    expect(english).toContain("BTC/USDT");

    expect((await trader.client.put(API.profileLocale, { locale: "zh-Hans" })).statusCode).toBe(200);
    try {
      // Text extraction spaces out glyphs of embedded fonts: compare without spaces.
      const chinese = squeeze(await pdfText((await trader.client.get(API.profitTablePdf)).rawPayload));
      expect(chinese).toContain("盈亏表");
      expect(chinese).toContain("期间");
      expect(chinese).toContain(squeeze(formatMoney(real.totals.profitMicrocents, "USD", 1, "zh-Hans")));
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
    expect(mail.text).toContain(usd(0n));
    const pdf = await trader.client.get(url.pathname + url.search);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain("No movements in this period.");
  });
});
