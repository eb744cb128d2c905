import { API } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  databaseKinds,
  Client as HttpClient,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { expectError, expectSoundLedger, moneyApp } from "../../../test/money.ts";

describe.each(databaseKinds)("bank data on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const valid = { bankName: "Bank of Tests", accountHolder: "Ada Lovelace", accountNumber: "NL91 ABNA 0417 1643 00" };

  it("starts empty and saves with the current password, showing only the last 4", async () => {
    const { client, input, member } = await signUpVerified(t.app);
    expect((await client.get(API.bank)).json()).toEqual({ bank: null });
    const res = await client.put(API.bank, {
      ...valid,
      swift: "abnanl2a",
      branch: "Amsterdam",
      password: input.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      bank: {
        bankName: "Bank of Tests",
        accountHolder: "Ada Lovelace",
        accountNumberMasked: "****4300",
        swift: "ABNANL2A",
        branch: "Amsterdam",
        updatedAt: expect.any(String),
        holdUntil: null,
        nameMatchesKyc: null,
      },
    });
    expect((await client.get(API.bank)).json()).toEqual(res.json());
    expect(res.body).not.toContain("0417164300");
    // Admins see the full number (they make the payout).
    expect((await admin.get(API.adminMemberMoney(member.uid))).json().bank).toMatchObject({
      accountNumber: "NL91ABNA0417164300",
      accountNumberMasked: "****4300",
    });
    // Changing it asks for the password again; optional fields can be cleared.
    const changed = await client.put(API.bank, { ...valid, accountNumber: "99887766", password: input.password });
    expect(changed.json().bank).toMatchObject({
      accountNumberMasked: "****7766",
      swift: null,
      branch: null,
      holdUntil: expect.any(String),
    });
    const audit = (await admin.get(`${API.adminAudit}?targetUserId=${member.uid}`)).json();
    expect(audit.items.filter((a: { action: string }) => a.action === "bank.update")).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain("99887766");
  });

  it("refuses a wrong or missing password, and keeps the old data", async () => {
    const { client, input } = await signUpVerified(t.app);
    await client.put(API.bank, { ...valid, password: input.password });
    expectError(
      await client.put(API.bank, { ...valid, accountNumber: "11112222", password: "not-my-password" }),
      400,
      "VALIDATION_FAILED",
      "password",
    );
    expectError(
      await client.put(API.bank, { ...valid, accountNumber: "11112222" }),
      400,
      "VALIDATION_FAILED",
      "password",
    );
    expect((await client.get(API.bank)).json().bank.accountNumberMasked).toBe("****4300");
  });

  it("names every bad field", async () => {
    const { client, input } = await signUpVerified(t.app);
    const password = input.password;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, bankName: "" }, "bankName"],
      [{ ...valid, accountHolder: "x".repeat(101) }, "accountHolder"],
      [{ ...valid, accountNumber: "12" }, "accountNumber"],
      [{ ...valid, accountNumber: "12345678901234567890123456789012345" }, "accountNumber"],
      [{ ...valid, accountNumber: "1234'; drop table" }, "accountNumber"],
      [{ ...valid, swift: "ABC" }, "swift"],
      [{ ...valid, swift: "ABCDEF1" }, "swift"],
      [{ ...valid, branch: "b".repeat(101) }, "branch"],
      [{ accountNumber: "12345678" }, "bankName"],
    ];
    for (const [body, field] of cases)
      expectError(await client.put(API.bank, { ...body, password }), 400, "VALIDATION_FAILED", field);
    expect((await client.get(API.bank)).json()).toEqual({ bank: null });
  });

  it("is for signed-in members only", async () => {
    const anon = new HttpClient(t.app);
    expectError(await anon.get(API.bank), 401, "UNAUTHENTICATED");
    expectError(await anon.put(API.bank, { ...valid, password: "whatever-long" }), 401, "UNAUTHENTICATED");
  });
});
