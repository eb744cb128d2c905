import { API, fromCents, priceToUnits, realityCheckSchema } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  Client,
  changeSettings,
  createTestApp,
  databaseKinds,
  queryRows,
  signIn,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { apiCents, captureMessages, expectError, fundWallet } from "../../../test/money.ts";
import { SETTLE_GRACE_MS, settleDue } from "../trading/service.ts";

const MINUTE = 60_000;

describe.each(databaseKinds)("reality check and account limits on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  // The server's clock runs with the real one (sessions begin on it), moved on by `offset`.
  let offset = 0;
  const now = () => new Date(Date.now() + offset);

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { WORKERS: "off", MONEY_RATE_LIMIT: "10000" },
      deps: { now },
    });
    admin = await signInAdmin(t.app);
  });
  beforeEach(() => {
    offset = 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  const tick = (price: string, at = now()) =>
    t.app.services.market.record([{ symbol: "BTC", price: priceToUnits(price) as number, at }]);
  const place = async (c: Client, direction: "up" | "down", stakeCents = 1000, durationSeconds = 30) => {
    const res = await c.request({
      method: "POST",
      url: API.trades,
      json: { symbol: "BTC", direction, amountMicrocents: apiCents(stakeCents), durationSeconds },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; expiresAt: string };
  };
  /** The reality check, read as the web reads it (its amounts decoded to bigint microcents). */
  const check = async (c: Client) => {
    const res = await c.get(API.protectionRealityCheck);
    expect(res.statusCode, res.body).toBe(200);
    return realityCheckSchema.parse(res.json());
  };
  async function realMember() {
    const account = await signUpVerified(t.app);
    expect((await admin.put(API.adminMemberTrading(account.member.uid), { userTrading: true })).statusCode).toBe(200);
    await fundWallet(admin, account.member.uid, 100_000);
    return account;
  }
  /** What the member's Real contracts since `since` add up to, read straight from the table. */
  async function fromTable(uid: string, since: string) {
    const [row] = await queryRows<{ n: number; staked: string; paid: string }>(
      t.database,
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as staked, coalesce(sum(payout), 0)::text as paid
          from trade_contracts where user_id = ${uid} and account = 'wallet' and entry_at >= ${since}::timestamptz`,
    );
    return {
      contracts: row?.n,
      stakedMicrocents: row && BigInt(row.staked),
      payoutMicrocents: row && BigInt(row.paid),
    };
  }

  it("needs a signed-in member", async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get(API.protectionRealityCheck)).statusCode).toBe(401);
    expect((await anonymous.post(API.protectionRealityCheck)).statusCode).toBe(401);
    expect((await anonymous.put(API.protectionRealityInterval, { minutes: 30 })).statusCode).toBe(401);
    expect((await anonymous.get(API.protectionAccountLimits)).statusCode).toBe(401);
  });

  it("refuses a bad interval with a 400 naming the field", async () => {
    const { client } = await signUpVerified(t.app);
    for (const body of [
      { minutes: 5 },
      { minutes: 9 },
      { minutes: 121 },
      { minutes: 0 },
      { minutes: -10 },
      {},
      {
        minutes: "sixty",
      },
      { minutes: 30.5 },
    ])
      expectError(await client.put(API.protectionRealityInterval, body), 400, "VALIDATION_FAILED", "minutes");
    expect((await check(client)).intervalMinutes).toBe(60);
  });

  it("counts the session's Real contracts: stakes, payouts and the net result, as the contracts hold them", async () => {
    await tick("95000");
    const { client, input, member } = await realMember();
    // A contract of an earlier session is not this session's.
    await place(client, "up");

    const { client: session } = await signIn(t.app, input.email, input.password);
    const before = await check(session);
    expect(before.figures).toEqual({
      contracts: 0,
      open: 0,
      stakedMicrocents: 0n,
      payoutMicrocents: 0n,
      netMicrocents: 0n,
    });

    await tick("95000");
    const won = await place(session, "up", 2000);
    await place(session, "down", 1000);
    await place(session, "up", 500, 300);
    const expiresAt = new Date(won.expiresAt);
    await tick("95001", new Date(expiresAt.getTime() - 500));
    // Both 30-second contracts are past their expiry and its grace; the 5-minute one is not.
    await settleDue({ ...t.app.services }, { now: new Date(expiresAt.getTime() + SETTLE_GRACE_MS + 5000) });

    const after = await check(session);
    // 2,000 up won 85 %: 3,700 back; 1,000 down lost; 500 still open.
    expect(after.figures).toEqual({
      contracts: 3,
      open: 1,
      stakedMicrocents: fromCents(3500),
      payoutMicrocents: fromCents(3700),
      netMicrocents: fromCents(200),
    });
    expect(await fromTable(member.uid, after.sessionStartedAt)).toEqual({
      contracts: after.figures.contracts,
      stakedMicrocents: after.figures.stakedMicrocents,
      payoutMicrocents: after.figures.payoutMicrocents,
    });
    // The first session sees all four of its member's contracts since it began.
    expect((await check(client)).figures).toMatchObject({ contracts: 4, stakedMicrocents: fromCents(4500) });
  });

  it("falls due one interval after sign-in while the member trades Real money, and one interval after each acknowledgement", async () => {
    const { client, member } = await realMember();
    const first = await check(client);
    const start = new Date(first.sessionStartedAt).getTime();
    expect(first).toMatchObject({ intervalMinutes: 60, due: false });
    expect(new Date(first.dueAt).getTime()).toBe(start + 60 * MINUTE);

    const changed = await client.put(API.protectionRealityInterval, { minutes: 15 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(new Date(changed.json().dueAt).getTime()).toBe(start + 15 * MINUTE);

    // Past its time, but no Real contract yet: nothing to check.
    offset = 16 * MINUTE;
    expect(await check(client)).toMatchObject({ due: false, dueInMs: 0 });
    offset = 0;
    await tick("95000");
    await place(client, "up");
    const soon = await check(client);
    expect(soon.due).toBe(false);
    expect(soon.dueInMs).toBeGreaterThan(14 * MINUTE);
    expect(soon.dueInMs).toBeLessThanOrEqual(15 * MINUTE);

    offset = 15 * MINUTE;
    expect(await check(client)).toMatchObject({ due: true, dueInMs: 0 });

    // Acknowledged (in any tab): every tab is told, and the next is due 15 minutes on.
    const tabs = captureMessages(t.app, member.uid);
    const ack = await client.post(API.protectionRealityCheck);
    expect(ack.statusCode, ack.body).toBe(200);
    const acknowledgedAt = now().getTime();
    expect(ack.json()).toMatchObject({ due: false });
    expect(new Date(ack.json().dueAt).getTime()).toBeGreaterThanOrEqual(acknowledgedAt + 14 * MINUTE);
    expect(new Date(ack.json().dueAt).getTime()).toBeLessThanOrEqual(acknowledgedAt + 15 * MINUTE);
    await expect.poll(() => tabs.messages.map((m) => m.type)).toContain("reality.check");
    tabs.off();

    offset += 14 * MINUTE;
    expect((await check(client)).due).toBe(false);
    offset += MINUTE + 1000;
    expect((await check(client)).due).toBe(true);
  });

  it("shows each member only their own session's figures, and an acknowledgement only closes its own session's check", async () => {
    await tick("95000");
    const a = await realMember();
    const b = await realMember();
    await place(a.client, "up", 1500);
    const theirs = await check(b.client);
    expect(theirs.figures.contracts).toBe(0);
    expect((await b.client.get(API.protectionAccountLimits)).json().platform).toContainEqual(
      expect.objectContaining({ key: "openContracts", used: "0" }),
    );

    offset = 61 * MINUTE;
    expect((await check(a.client)).due).toBe(true);
    expect((await b.client.post(API.protectionRealityCheck)).statusCode).toBe(200);
    expect((await check(a.client)).due).toBe(true);
    expect((await check(b.client)).figures.contracts).toBe(0);
  });

  it("lists every limit that applies, the platform's from the settings and the member's own, with what is used", async () => {
    const restore = await changeSettings(admin, {
      tradeMinMicrocents: apiCents(200),
      tradeOpenLimit: 5,
      depositMinMicrocents: apiCents(2500),
      withdrawalFeeBps: 150,
      tradePayoutPercent: { ETH: 80 },
    });
    try {
      await tick("95000");
      const { client } = await realMember();
      await place(client, "up", 1000);
      await place(client, "down", 1000);
      const stakeLimit = { limit: "stake", period: "24h", value: apiCents(5000) };
      expect((await client.put(API.protectionLimits, stakeLimit)).statusCode).toBe(200);
      const res = await client.get(API.protectionAccountLimits);
      expect(res.statusCode, res.body).toBe(200);
      const limits = res.json();
      // Every figure of a limit is a string of digits, in its key's unit: microcents, contracts, basis points.
      expect(limits.platform).toEqual(
        expect.arrayContaining([
          { key: "stakeMin", value: apiCents(200), used: null, left: null },
          { key: "openContracts", value: "5", used: "2", left: "3" },
          { key: "depositMin", value: apiCents(2500), used: null, left: null },
          { key: "withdrawalFeePercent", value: "150", used: null, left: null },
        ]),
      );
      expect(limits.payouts).toEqual([{ symbol: "ETH", percent: 80 }]);
      expect(limits.own).toContainEqual(
        expect.objectContaining({ key: "stake24h", value: apiCents(5000), used: apiCents(2000) }),
      );
    } finally {
      await changeSettings(admin, restore);
    }
  });
});
