import { API } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Client, databaseKinds, signInAdmin, signUpVerified, type TestApp } from "../../../test/helpers.ts";
import { expectError, expectSoundLedger, moneyApp } from "../../../test/money.ts";

describe.each(databaseKinds)("funds on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  const balances = async (c: Client) => (await c.get(API.wallet)).json() as Record<string, number>;
  const credit = async (uid: string, account: "profit" | "bonus", amountCents: number) => {
    const res = await admin.post(API.adminMemberAdjust(uid), { account, amountCents, reason: "Test funding" });
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
      balanceCents: 5_000,
      minTransferCents: 1_000,
      walletCents: 0,
    });
    expectError(await move(client, "profit", { amountCents: 999 }), 400, "VALIDATION_FAILED", "amountCents");
    expectError(await move(client, "profit", { amount: "50.01" }), 409, "INSUFFICIENT_FUNDS", "amount");
    expectError(await move(client, "profit", {}), 400, "VALIDATION_FAILED", "amount");
    expectError(await move(client, "profit", { amountCents: 1_000, all: true }), 400, "VALIDATION_FAILED", "amount");
    expectError(await move(client, "wallet", { amountCents: 1_000 }), 400, "VALIDATION_FAILED", "fund");
    expectError(await move(client, "bonus", { all: true }), 400, "VALIDATION_FAILED", "all");

    const first = await move(client, "profit", { amount: "12.34" }, "fund-move-0001");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      transfer: { fund: "profit", amountCents: 1_234, fundBalanceAfterCents: 3_766 },
      walletCents: 1_234,
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
      transfer: { id: first.json().transfer.id, amountCents: 1_234 },
      replayed: true,
    });
    const all = await move(client, "profit", { all: true });
    expect(all.json().transfer.amountCents).toBe(3_766);
    expect(await balances(client)).toMatchObject({ profit: 0, wallet: 5_000 });

    const moves = (await client.get(API.fundTransfers("profit"))).json();
    expect(moves.items.map((m: { amountCents: number }) => m.amountCents)).toEqual([3_766, 1_234]);
    const history = (await client.get(API.fundHistory("profit"))).json();
    expect(history.items.map((e: { account: string; amountCents: number }) => [e.account, e.amountCents])).toEqual([
      ["profit", -3_766],
      ["profit", -1_234],
      ["profit", 5_000],
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
      Array.from({ length: 12 }, (_, i) => move(client, "bonus", { amountCents: 1_500 }, `race-move-${i}-x`)),
    );
    const ok = results.filter((r) => r.statusCode === 201).length;
    expect(ok).toBe(6);
    for (const r of results.filter((x) => x.statusCode !== 201)) expectError(r, 409, "INSUFFICIENT_FUNDS");
    expect(await balances(client)).toMatchObject({ bonus: 1_000, wallet: 9_000 });
    const alls = await Promise.all(Array.from({ length: 4 }, () => move(client, "bonus", { all: true })));
    expect(alls.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await balances(client)).toMatchObject({ bonus: 0, wallet: 10_000 });
  });
});
