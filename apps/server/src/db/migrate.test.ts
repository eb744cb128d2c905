import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fromCents, MICROCENTS_PER_CENT, settingsSchema } from "@helio/shared";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { type DatabaseKind, databaseKinds } from "../../test/helpers.ts";
import { verifyLedger } from "../modules/ledger/index.ts";
import { migrationsFolder } from "../paths.ts";
import { type Database, type Db, openDatabase } from "./client.ts";
import { queryRows } from "./rows.ts";

// Replicas of one deployment start together on a fresh database: each runs the migrations.
describe.runIf(inject("postgresTemplate"))("migrations on PostgreSQL", () => {
  it("run once when three processes migrate one fresh database at the same time", async () => {
    const baseUrl = process.env.TEST_DATABASE_URL as string;
    const name = `helio_migrate_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const replicas = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 })),
    );
    try {
      const results = await Promise.allSettled(replicas.map((replica) => replica.migrate()));
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query(
        "SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash",
      );
      await check.end();
      expect(applied.rows.length).toBeGreaterThan(0);
      expect(applied.rows.filter((row) => row.n !== 1)).toEqual([]);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

/**
 * A copy of the migrations whose journal stops at `lastIndex`: drizzle applies what its journal
 * lists, so migrating with it leaves the database as that migration left it.
 */
function migrationsUpTo(lastIndex: number): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "helio-migrations-"));
  fs.cpSync(migrationsFolder, copy, { recursive: true });
  const journalFile = path.join(copy, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return copy;
}

/** A database of its own with nothing in it yet: PGlite in memory, or a new PostgreSQL database. */
async function emptyDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") return openDatabase({ kind: "pglite" });
  const baseUrl = process.env.TEST_DATABASE_URL as string;
  const name = `helio_microcents_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const MEMBER = "mc-member";
const REFERRER = "mc-referrer";
const PACKAGE = "6a1f0c52-55a4-4c38-9f0e-2f4f3c0a0001";
const INVESTMENT = "6a1f0c52-55a4-4c38-9f0e-2f4f3c0a0002";

/** The settings as 0021 stored them: money in whole cents, under …Cents keys. */
const SETTINGS_IN_CENTS = {
  rateIDR: "16250",
  depositMinCents: 1_000,
  withdrawalFeeBps: 100,
  withdrawalFeeFlatCents: 25,
  tradeDurations: [30, 60],
  tradeAmountPresetsCents: [100, 500, 1_000],
  tradeExposureCapCents: { BTC: 500_000, ETH: 250_000 },
};

/**
 * Every kind of stored amount, in whole cents as 0021 kept them, written with raw SQL: balances
 * and a balanced ledger with each entry's balance after, a settled and an open contract, a
 * package with an investment and the commission it paid, an invoice typed in IDR, a withdrawal
 * with its fee, adjustment requests (a credit and a debit), member limits and the settings.
 */
async function seedInCents(db: Db) {
  await db.execute(sql`insert into "user" (id, name, email) values
    (${MEMBER}, 'Ada Lovelace', 'ada@microcents.test'), (${REFERRER}, 'Grace Hopper', 'grace@microcents.test')`);
  const accounts = [
    [MEMBER, "wallet"],
    [MEMBER, "demo"],
    [MEMBER, "profit"],
    [MEMBER, "withdrawal_hold"],
    [REFERRER, "bonus"],
    [null, "deposits_clearing"],
    [null, "trading_house"],
    [null, "investment_pool"],
    [null, "commissions"],
    [null, "demo_issuer"],
  ] as const;
  const ids = new Map<string, number>();
  for (const [userId, account] of accounts) {
    const [row] = await queryRows<{ id: number | string }>(
      db,
      sql`insert into balances (user_id, account, balance) values (${userId}, ${account}, 0) returning id`,
    );
    ids.set(`${userId ?? "*"}:${account}`, Number(row?.id));
  }
  const running = new Map<number, number>();
  let movements = 0;
  const post = async (kind: string, legs: [string, number][]) => {
    const transactionId = `6a1f0c52-55a4-4c38-9f0e-${String(++movements).padStart(12, "0")}`;
    await db.execute(sql`insert into ledger_transactions (id, kind, idempotency_key)
      values (${transactionId}, ${kind}, ${`microcents-${movements}`})`);
    for (const [account, cents] of legs) {
      const balanceId = ids.get(account) as number;
      const after = (running.get(balanceId) ?? 0) + cents;
      running.set(balanceId, after);
      await db.execute(sql`insert into ledger_entries (transaction_id, balance_id, amount, balance_after)
        values (${transactionId}, ${balanceId}, ${cents}, ${after})`);
    }
  };
  await post("demo_grant", [
    ["*:demo_issuer", -1_000_000],
    [`${MEMBER}:demo`, 1_000_000],
  ]);
  await post("deposit", [
    ["*:deposits_clearing", -50_000],
    [`${MEMBER}:wallet`, 50_000],
  ]);
  await post("trade_stake", [
    [`${MEMBER}:wallet`, -1_000],
    ["*:trading_house", 1_000],
  ]);
  await post("trade_payout", [
    ["*:trading_house", -1_850],
    [`${MEMBER}:wallet`, 1_850],
  ]);
  await post("investment", [
    [`${MEMBER}:wallet`, -10_000],
    ["*:investment_pool", 10_000],
  ]);
  await post("profit", [
    ["*:investment_pool", -123],
    [`${MEMBER}:profit`, 123],
  ]);
  await post("commission", [
    ["*:commissions", -500],
    [`${REFERRER}:bonus`, 500],
  ]);
  await post("withdrawal_hold", [
    [`${MEMBER}:wallet`, -5_000],
    [`${MEMBER}:withdrawal_hold`, 5_000],
  ]);
  for (const [balanceId, balance] of running)
    await db.execute(sql`update balances set balance = ${balance} where id = ${balanceId}`);

  await db.execute(sql`insert into trade_contracts
    (id, user_id, symbol, direction, amount, account, payout_percent, duration_seconds, entry_price, entry_at,
     expires_at, status, result, exit_price, payout, settled_at)
    values
    ('6a1f0c52-55a4-4c38-9f0e-2f4f3c0a0003', ${MEMBER}, 'BTC', 'up', 1000, 'wallet', 85, 30, 9500000, now(),
     now(), 'settled', 'win', 9510000, 1850, now()),
    ('6a1f0c52-55a4-4c38-9f0e-2f4f3c0a0004', ${MEMBER}, 'BTC', 'down', 700, 'demo', 85, 60, 9510000, now(),
     now() + interval '1 minute', 'open', null, null, null, null)`);
  await db.execute(sql`insert into investment_packages
    (id, slug, name, min_amount, max_amount, daily_rate_bps, duration_periods, capital_return)
    values (${PACKAGE}, 'microcents-test', 'Microcents', 10000, 1000000, 50, 30, true)`);
  await db.execute(sql`insert into investments
    (id, reference, user_id, package_id, amount, daily_rate_bps, duration_periods, period_seconds, capital_return,
     periods_paid, profit_paid, started_at, matures_at)
    values (${INVESTMENT}, 'IN-MC000001', ${MEMBER}, ${PACKAGE}, 10000, 50, 30, 86400, true, 1, 123, now(),
     now() + interval '30 days')`);
  await db.execute(sql`insert into referral_commissions
    (id, investment_id, purchaser_id, beneficiary_id, level, rate_bps, amount, status)
    values ('6a1f0c52-55a4-4c38-9f0e-2f4f3c0a0005', ${INVESTMENT}, ${MEMBER}, ${REFERRER}, 1, 500, 500, 'paid')`);
  // 812,500.00 IDR at 16,250 per USD: the typed hundredths are not USD and stay as they are.
  await db.execute(sql`insert into deposit_invoices
    (id, user_id, reference, amount, status, instructions, expires_at, local_amount, local_currency, local_rate)
    values ('6a1f0c52-55a4-4c38-9f0e-2f4f3c0a0006', ${MEMBER}, 'HD-MC000001', 50000, 'approved', '{}'::jsonb, now(),
     81250000, 'IDR', '16250')`);
  await db.execute(sql`insert into withdrawals
    (id, user_id, amount, fee, net, status, bank_name, account_holder, account_number)
    values ('6a1f0c52-55a4-4c38-9f0e-2f4f3c0a0007', ${MEMBER}, 5000, 75, 4925, 'pending', 'Bank of Tests',
     'Ada Lovelace', 'GB29NWBK60161331926819')`);
  await db.execute(sql`insert into adjustment_requests
    (id, user_id, account, amount, reason, request_key, requested_by, status)
    values
    ('6a1f0c52-55a4-4c38-9f0e-2f4f3c0a0008', ${MEMBER}, 'wallet', 2500000, 'Goodwill', 'mc-adjust-1', ${REFERRER},
     'awaiting_second_approval'),
    ('6a1f0c52-55a4-4c38-9f0e-2f4f3c0a0009', ${MEMBER}, 'wallet', -300, 'Correction', 'mc-adjust-2', ${REFERRER},
     'rejected')`);
  await db.execute(sql`insert into member_limits (user_id, key, value, pending_value) values
    (${MEMBER}, 'stake24h', 10000, 20000),
    (${MEMBER}, 'loss7d', null, 5000),
    (${MEMBER}, 'deposit30d', 100000, null),
    (${MEMBER}, 'openContracts', 5, 10),
    (${MEMBER}, 'sessionMinutes', 60, 120),
    (${MEMBER}, 'free', 1, null)`);
  await db.execute(sql`insert into settings (id, data) values (1, ${JSON.stringify(SETTINGS_IN_CENTS)}::jsonb)
    on conflict (id) do update set data = excluded.data`);
}

/** Each table's stored amounts, by row, as text (exact whatever their size). */
const AMOUNT_COLUMNS = {
  balances: ["balance"],
  ledger_entries: ["amount", "balance_after"],
  trade_contracts: ["amount", "payout"],
  investments: ["amount", "profit_paid"],
  investment_packages: ["min_amount", "max_amount"],
  deposit_invoices: ["amount"],
  withdrawals: ["amount", "fee", "net"],
  referral_commissions: ["amount"],
  adjustment_requests: ["amount"],
} as const;
type Amounts = Record<string, Record<string, string | null>[]>;

async function amountsOf(db: Db): Promise<Amounts> {
  const amounts: Amounts = {};
  for (const [table, columns] of Object.entries(AMOUNT_COLUMNS)) {
    const list = columns.map((c) => `${c}::text as ${c}`).join(", ");
    amounts[table] = await queryRows(db, sql.raw(`select id::text as id, ${list} from ${table} order by id`));
  }
  amounts.member_limits = await queryRows(
    db,
    sql`select key, value::text as value, pending_value::text as pending_value from member_limits order by key`,
  );
  return amounts;
}

/** What 0022 must leave: every amount ×1,000,000; the limits that are not amounts as they were. */
function inMicrocents(amounts: Amounts): Amounts {
  const scale = (value: string | null) => (value === null ? null : (BigInt(value) * MICROCENTS_PER_CENT).toString());
  return Object.fromEntries(
    Object.entries(amounts).map(([table, rows]) => [
      table,
      rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([column, value]) => {
            const kept = column === "id" || column === "key" || NOT_AMOUNTS.includes(String(row.key));
            return [column, kept ? value : scale(value)];
          }),
        ),
      ),
    ]),
  );
}
const NOT_AMOUNTS = ["openContracts", "sessionMinutes", "free"];

const settingsOf = async (db: Db) =>
  (await queryRows<{ data: unknown }>(db, sql`select data from settings where id = 1`))[0]?.data;
const appliedMigrations = async (db: Db) =>
  Number(
    (await queryRows<{ n: number | string }>(db, sql`select count(*) as n from drizzle.__drizzle_migrations`))[0]?.n,
  );
const journalLength = () =>
  (JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] })
    .entries.length;

/** The messages of an error and of its causes (drizzle wraps the database's error). */
function messagesOf(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.join("\n");
}

// 0022 moves every stored amount from whole US cents to microcents, checking its own work.
describe.each(databaseKinds)("the microcents migration (0022) on %s", (kind) => {
  let database: Database;
  let upTo0021: string;
  beforeEach(async () => {
    upTo0021 = migrationsUpTo(21);
    database = await emptyDatabase(kind);
    await database.migrate(upTo0021);
    await seedInCents(database.db);
  });
  afterEach(async () => {
    await database?.close();
    fs.rmSync(upTo0021, { recursive: true, force: true });
  });

  it("multiplies every amount by 1,000,000, renames the money settings, and leaves a ledger that verifies", async () => {
    const before = await amountsOf(database.db);
    expect(before.balances?.map((b) => b.balance)).toEqual(
      expect.arrayContaining(["35850", "1000000", "123", "5000", "500", "-50000", "-850", "9877", "-500"]),
    );
    expect(await appliedMigrations(database.db)).toBe(22);

    await database.migrate();

    expect(await appliedMigrations(database.db)).toBe(journalLength());
    const after = await amountsOf(database.db);
    expect(after).toEqual(inMicrocents(before));
    // Spot checks in figures: 358.50 USD, the open contract's missing payout, a debit, the limits.
    expect(after.balances).toContainEqual(expect.objectContaining({ balance: "35850000000" }));
    expect(after.trade_contracts?.map((c) => c.payout)).toEqual(["1850000000", null]);
    expect(after.adjustment_requests?.map((r) => r.amount)).toEqual(["2500000000000", "-300000000"]);
    expect(after.member_limits).toEqual([
      { key: "deposit30d", value: "100000000000", pending_value: null },
      { key: "free", value: "1", pending_value: null },
      { key: "loss7d", value: null, pending_value: "5000000000" },
      { key: "openContracts", value: "5", pending_value: "10" },
      { key: "sessionMinutes", value: "60", pending_value: "120" },
      { key: "stake24h", value: "10000000000", pending_value: "20000000000" },
    ]);
    // The amount typed in IDR is kept as typed.
    const [invoice] = await queryRows<{ local_amount: string }>(
      database.db,
      sql`select local_amount::text as local_amount from deposit_invoices`,
    );
    expect(invoice?.local_amount).toBe("81250000");

    const settings = await settingsOf(database.db);
    expect(settings).toEqual({
      rateIDR: "16250",
      depositMinMicrocents: "1000000000",
      withdrawalFeeBps: 100,
      withdrawalFeeFlatMicrocents: "25000000",
      tradeDurations: [30, 60],
      tradeAmountPresetsMicrocents: ["100000000", "500000000", "1000000000"],
      tradeExposureCapMicrocents: { BTC: "500000000000", ETH: "250000000000" },
    });
    // And the settings read back as the app reads them.
    expect(settingsSchema.parse(settings)).toMatchObject({
      depositMinMicrocents: fromCents(1_000),
      withdrawalFeeFlatMicrocents: fromCents(25),
      tradeAmountPresetsMicrocents: [fromCents(100), fromCents(500), fromCents(1_000)],
      tradeExposureCapMicrocents: { BTC: fromCents(500_000), ETH: fromCents(250_000) },
    });

    expect(await verifyLedger(database.db)).toMatchObject({
      ok: true,
      unbalancedTransactions: [],
      driftedBalances: [],
      negativeMemberBalances: [],
      brokenRunningBalances: [],
      counts: { transactions: 8, entries: 16, accounts: 10 },
    });
  });

  it("refuses a ledger whose balance is not the sum of its entries, and changes nothing", async () => {
    await database.db.execute(
      sql`update balances set balance = balance + 1 where user_id = ${MEMBER} and account = 'wallet'`,
    );
    const before = await amountsOf(database.db);

    const failure = await database.migrate().then(
      () => null,
      (error: unknown) => error,
    );
    expect(messagesOf(failure)).toMatch(/microcents migration: balance:\d+ differs from the sum of its entries/);

    expect(await appliedMigrations(database.db)).toBe(22);
    expect(await amountsOf(database.db)).toEqual(before);
    expect(await settingsOf(database.db)).toEqual(SETTINGS_IN_CENTS);
    // The trigger that keeps entries immutable is on again (the transaction rolled back whole).
    await expect(database.db.execute(sql`update ledger_entries set amount = amount`)).rejects.toThrow();
  });
});
