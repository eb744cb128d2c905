import { API, fromCents } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Client, databaseKinds, signInAdmin, signUpVerified, type TestApp } from "../../../test/helpers.ts";
import { apiCents, expectError, expectSoundLedger, moneyApp } from "../../../test/money.ts";
import { moneyTransaction, postTransaction } from "../ledger/index.ts";

describe.each(databaseKinds)("funds on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  /** The balances as the API answers them: microcents as strings of digits. */
  const balances = async (c: Client) => (await c.get(API.wallet)).json() as Record<string, string>;
  /** Credits `cents` whole cents to a fund through the back office. */
  const credit = async (uid: string, account: "profit" | "bonus", cents: number) => {
    const res = await admin.post(API.adminMemberAdjust(uid), {
      account,
      amountMicrocents: apiCents(cents),
      reason: "Test funding",
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const move = (c: Client, fund: string, body: Record<string, unknown>, key?: string) =>
    c.request({
      method: "POST",
      url: API.fundTransfers(fund),
      json: body,
      headers: key ? { "idempotency-key": key } : {},
    });

  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => {
    await expectSoundLedger(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("moves from a fund to the wallet: minimum, all, idempotent, listed, with history and CSV", async () => {
    const { client, member } = await signUpVerified(t.app);
    await credit(member.uid, "profit", 5_000);
    expect((await client.get(API.fund("profit"))).json()).toEqual({
      fund: "profit",
      balanceMicrocents: apiCents(5_000),
      minTransferMicrocents: apiCents(1_000),
      walletMicrocents: "0",
    });
    expectError(
      await move(client, "profit", { amountMicrocents: apiCents(999) }),
      400,
      "VALIDATION_FAILED",
      "amountMicrocents",
    );
    expectError(await move(client, "profit", { amount: "50.01" }), 409, "INSUFFICIENT_FUNDS", "amount");
    expectError(await move(client, "profit", {}), 400, "VALIDATION_FAILED", "amount");
    expectError(
      await move(client, "profit", { amountMicrocents: apiCents(1_000), all: true }),
      400,
      "VALIDATION_FAILED",
      "amount",
    );
    expectError(await move(client, "wallet", { amountMicrocents: apiCents(1_000) }), 400, "VALIDATION_FAILED", "fund");
    expectError(await move(client, "bonus", { all: true }), 400, "VALIDATION_FAILED", "all");

    const first = await move(client, "profit", { amount: "12.34" }, "fund-move-0001");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      transfer: { fund: "profit", amountMicrocents: apiCents(1_234), fundBalanceAfterMicrocents: apiCents(3_766) },
      walletMicrocents: apiCents(1_234),
      replayed: false,
    });
    const again = await move(client, "profit", { amount: "12.34" }, "fund-move-0001");
    expect(again.statusCode).toBe(201);
    expectError(
      await move(client, "profit", { all: true }, "fund-move-0001"),
      409,
      "IDEMPOTENCY_CONFLICT",
      "Idempotency-Key",
    );
    expectError(await move(client, "bonus", { amount: "12.34" }, "fund-move-0001"), 409, "IDEMPOTENCY_CONFLICT");
    expect(again.json()).toMatchObject({
      transfer: { id: first.json().transfer.id, amountMicrocents: apiCents(1_234) },
      replayed: true,
    });
    const all = await move(client, "profit", { all: true });
    expect(all.json().transfer.amountMicrocents).toBe(apiCents(3_766));
    expect(await balances(client)).toMatchObject({ profit: "0", wallet: apiCents(5_000) });

    const moves = (await client.get(API.fundTransfers("profit"))).json();
    expect(moves.items.map((m: { amountMicrocents: string }) => m.amountMicrocents)).toEqual([
      apiCents(3_766),
      apiCents(1_234),
    ]);
    const history = (await client.get(API.fundHistory("profit"))).json();
    expect(
      history.items.map((e: { account: string; amountMicrocents: string }) => [e.account, e.amountMicrocents]),
    ).toEqual([
      ["profit", apiCents(-3_766)],
      ["profit", apiCents(-1_234)],
      ["profit", apiCents(5_000)],
    ]);
    expect((await client.get(`${API.fundHistory("profit")}?kind=adjustment`)).json().total).toBe(1);
    const csv = await client.get(API.fundHistoryCsv("profit"));
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.trim().split("\r\n")).toHaveLength(4);
    expect(csv.body).toContain("-37.66");
    // Another member sees only their own fund.
    const other = (await signUpVerified(t.app)).client;
    expect((await other.get(API.fundTransfers("profit"))).json().total).toBe(0);
  });

  it("moves racing each other never take a fund below zero", async () => {
    const { client, member } = await signUpVerified(t.app);
    await credit(member.uid, "bonus", 10_000);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        move(client, "bonus", { amountMicrocents: apiCents(1_500) }, `race-move-${i}-x`),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201).length;
    expect(ok).toBe(6);
    for (const r of results.filter((x) => x.statusCode !== 201)) expectError(r, 409, "INSUFFICIENT_FUNDS");
    expect(await balances(client)).toMatchObject({ bonus: apiCents(1_000), wallet: apiCents(9_000) });
    const alls = await Promise.all(Array.from({ length: 4 }, () => move(client, "bonus", { all: true })));
    expect(alls.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await balances(client)).toMatchObject({ bonus: "0", wallet: apiCents(10_000) });
  });

  it("moves all of a fund holding fractions of a cent to the wallet, to the microcent", async () => {
    const { client, member } = await signUpVerified(t.app);
    // What an investment's daily profit leaves: 12.34567891 USD.
    const profit = fromCents(1_234) + 567_891n;
    await moneyTransaction(t.database.db, (tx) =>
      postTransaction(tx, {
        kind: "profit",
        idempotencyKey: `fraction-profit-${member.uid}`,
        legs: [
          { account: { system: "investment_pool" }, amount: -profit },
          { account: { userId: member.uid, account: "profit" }, amount: profit },
        ],
      }),
    );
    expect((await client.get(API.fund("profit"))).json()).toMatchObject({ balanceMicrocents: "1234567891" });
    const all = await move(client, "profit", { all: true });
    expect(all.statusCode, all.body).toBe(201);
    expect(all.json()).toMatchObject({
      transfer: { amountMicrocents: "1234567891", fundBalanceAfterMicrocents: "0" },
      walletMicrocents: "1234567891",
    });
    expect(await balances(client)).toMatchObject({ profit: "0", wallet: "1234567891" });
    expect((await client.get(API.fundHistoryCsv("profit"))).body).toContain("-12.34567891");
  });
});
