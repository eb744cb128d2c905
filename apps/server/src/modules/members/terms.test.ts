import { API, priceToUnits } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  changeSettings,
  createTestApp,
  databaseKinds,
  queryRows,
  signInAdmin,
  type TestApp,
} from "../../../test/helpers.ts";
import { apiCents, expectError, expectSoundLedger, fundWallet, readyMember } from "../../../test/money.ts";

describe.each(databaseKinds)("accepting changed terms on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WORKERS: "off", MONEY_RATE_LIMIT: "10000" } });
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => {
    await expectSoundLedger(t.database);
  });
  afterAll(async () => t?.close());

  const tick = () =>
    t.app.services.market.record([{ symbol: "BTC", price: priceToUnits("95000") as number, at: new Date() }]);
  const place = (c: Client) =>
    c.post(API.trades, { symbol: "BTC", direction: "up", amountMicrocents: apiCents(1_000), durationSeconds: 30 });
  const setReal = async (uid: string, userTrading: boolean) =>
    expect((await admin.put(API.adminMemberTrading(uid), { userTrading })).statusCode).toBe(200);
  const changeTerms = async (terms: string) => {
    const current = (await admin.get(API.adminSettings)).json();
    await changeSettings(admin, { legalTexts: { ...current.legalTexts, terms } });
    return (await admin.get(API.legal)).json().termsVersion as number;
  };
  /** Rows a refused request could have written: contracts, deposits, withdrawals, ledger entries, audit. */
  const written = async (uid: string) => {
    const count = async (query: ReturnType<typeof sql>) =>
      Number((await queryRows<{ n: number | string }>(t.database, query))[0]?.n);
    return {
      contracts: await count(sql`select count(*) as n from trade_contracts where user_id = ${uid}`),
      deposits: await count(sql`select count(*) as n from deposit_invoices where user_id = ${uid}`),
      withdrawals: await count(sql`select count(*) as n from withdrawals where user_id = ${uid}`),
      acceptances: await count(
        sql`select count(*) as n from audit_log where target_user_id = ${uid} and action = 'member.terms_accept'`,
      ),
    };
  };

  it("asks again after the terms change, refuses Real money until then and lifts it on acceptance", async () => {
    await tick();
    const account = await readyMember(t.app, admin);
    const { client, member } = account;
    await setReal(member.uid, true);
    await fundWallet(admin, member.uid, 100_000);
    const before = (await client.get(API.me)).json().terms;
    expect(before.accepted).toBe(true);
    expect(before.acceptedVersion).toBe(before.currentVersion);

    const inForce = await changeTerms(`Terms revised ${member.uid}.`);
    expect(inForce).toBe(before.currentVersion + 1);
    expect((await client.get(API.me)).json().terms).toEqual({
      acceptedVersion: before.currentVersion,
      currentVersion: inForce,
      accepted: false,
    });

    const nothingYet = await written(member.uid);
    for (const refused of [
      await place(client),
      await client.post(API.deposits, { amountMicrocents: apiCents(10_000) }),
      await client.post(API.withdrawals, { amountMicrocents: apiCents(2_000) }),
      // Refused before the package or the fund's balance is even looked at.
      await client.post(API.investments, { slug: "any-package", amountMicrocents: apiCents(5_000) }),
      await client.post(API.fundTransfers("bonus"), { all: true }),
    ])
      expectError(refused, 403, "TERMS_NOT_ACCEPTED");
    expect(await written(member.uid)).toEqual(nothingYet);
    // Reading and support chat stay open.
    expect((await client.get(API.walletHistory)).statusCode).toBe(200);
    expect((await client.post(API.chatMessages, { text: "What changed in the terms?" })).statusCode).toBe(201);

    // Practice trading stays open.
    await setReal(member.uid, false);
    expect((await place(client)).statusCode).toBe(201);
    await setReal(member.uid, true);
    expectError(await place(client), 403, "TERMS_NOT_ACCEPTED");

    // A version other than the one in force is refused, naming the field; nothing is stored.
    for (const version of [inForce - 1, inForce + 1])
      expectError(await client.post(API.meTerms, { version }), 409, "TERMS_VERSION_NOT_IN_FORCE", "version");
    expectError(await client.post(API.meTerms, { version: "2" }), 400, "VALIDATION_FAILED", "version");
    expect((await client.get(API.me)).json().terms.accepted).toBe(false);

    const accepted = await client.post(API.meTerms, { version: inForce });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ acceptedVersion: inForce, currentVersion: inForce, accepted: true });
    expect((await client.get(API.me)).json().terms.accepted).toBe(true);
    const [row] = await queryRows<{ terms_version: number; terms_accepted_at: unknown }>(
      t.database,
      sql`select terms_version, terms_accepted_at from "user" where id = ${member.uid}`,
    );
    expect(row?.terms_version).toBe(inForce);
    expect(row?.terms_accepted_at).not.toBeNull();

    // Replayed: the same answer, one acceptance in the audit log.
    const again = await client.post(API.meTerms, { version: inForce });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(accepted.json());
    expect((await written(member.uid)).acceptances).toBe(1);

    expect((await place(client)).statusCode).toBe(201);
    expect((await client.post(API.deposits, { amountMicrocents: apiCents(10_000) })).statusCode).toBe(201);
    const withdrawal = await client.post(API.withdrawals, { amountMicrocents: apiCents(2_000) });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
  });

  it("counts a member from before versioning as having accepted version 1", async () => {
    const { client, member } = await readyMember(t.app, admin);
    await queryRows(t.database, sql`update "user" set terms_version = null where id = ${member.uid}`);
    const { currentVersion } = (await client.get(API.me)).json().terms;
    expect((await client.get(API.me)).json().terms).toEqual({
      acceptedVersion: 1,
      currentVersion,
      accepted: currentVersion === 1,
    });
  });
});
