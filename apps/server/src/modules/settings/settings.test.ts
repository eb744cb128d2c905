import { API } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  type Client,
  createTestApp,
  databaseKinds,
  queryRows,
  signIn,
  signInAdmin,
  signUpVerified,
  type TestApp,
  waitFor,
} from "../../../test/helpers.ts";
import { apiCents, expectError } from "../../../test/money.ts";

describe.each(databaseKinds)("settings on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => t?.close());

  const current = async (who = admin) => (await who.get(API.adminSettings)).json() as Record<string, unknown>;

  it("refuses a save from an older revision, so two admins never overwrite each other unseen", async () => {
    // The same admin in a second browser: both load the same revision.
    const { client: other } = await signIn(t.app, ADMIN.email, ADMIN.password);
    const first = await current();
    const second = await current(other);
    expect(second.revision).toBe(first.revision);

    const saved = await admin.put(API.adminSettings, { ...first, rateIDR: "16300" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ rateIDR: "16300", revision: Number(first.revision) + 1 });

    const stale = await other.put(API.adminSettings, { ...second, depositMinMicrocents: apiCents(5_000) });
    expectError(stale, 409, "CONFLICT", "revision");
    // The first save stands; the refused one changed nothing and left no audit entry.
    expect(await current()).toMatchObject({ rateIDR: "16300", depositMinMicrocents: first.depositMinMicrocents });
    const audits = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from audit_log where action = 'settings.update' and after->>'depositMinMicrocents' = ${apiCents(5_000)}`,
    );
    expect(audits[0]?.n).toBe(0);

    // Started again from the new revision, it goes through.
    const retried = await other.put(API.adminSettings, {
      ...(await current(other)),
      depositMinMicrocents: apiCents(5_000),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ rateIDR: "16300", depositMinMicrocents: apiCents(5_000) });
  });

  it("keeps amounts in microcents: strings of digits in the API and in the stored record, exact past 2⁵³", async () => {
    const before = await current();
    expect(before).toMatchObject({
      withdrawalMinMicrocents: apiCents(1_000),
      withdrawalFeeFlatMicrocents: "0",
      tradeAmountPresetsMicrocents: [500, 1_000, 2_500, 5_000, 10_000].map(apiCents),
    });
    // 900,719,925.47409931 USD: more microcents than a JS number holds exactly.
    const large = "90071992547409931";
    const saved = await admin.put(API.adminSettings, {
      ...before,
      withdrawalFeeFlatMicrocents: 12_345, // a JSON integer is read as well
      tradeExposureCapMicrocents: { BTCUSDT: large },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect(saved.json()).toMatchObject({
        withdrawalFeeFlatMicrocents: "12345",
        tradeExposureCapMicrocents: { BTCUSDT: large },
      });
      expect(await current()).toMatchObject({
        withdrawalFeeFlatMicrocents: "12345",
        tradeExposureCapMicrocents: { BTCUSDT: large },
      });
      const [stored] = await queryRows<{ fee: string; feeType: string; cap: string; capType: string }>(
        t.database,
        sql`select data->>'withdrawalFeeFlatMicrocents' as fee, jsonb_typeof(data->'withdrawalFeeFlatMicrocents') as "feeType",
                   data->'tradeExposureCapMicrocents'->>'BTCUSDT' as cap,
                   jsonb_typeof(data->'tradeExposureCapMicrocents'->'BTCUSDT') as "capType"
            from settings`,
      );
      expect(stored).toEqual({ fee: "12345", feeType: "string", cap: large, capType: "string" });
      const { client } = await signUpVerified(t.app);
      expect((await client.get(API.settings)).json().depositMinMicrocents).toBe(before.depositMinMicrocents);
      expect(before.depositMinMicrocents).toMatch(/^\d+$/);
      // Below zero, past the largest amount, or not whole microcents: refused on the field.
      for (const withdrawalFeeFlatMicrocents of ["-1", "100000000000000001", "12.5", 1.5]) {
        const refused = await admin.put(API.adminSettings, { ...(await current()), withdrawalFeeFlatMicrocents });
        expectError(refused, 400, "VALIDATION_FAILED", "withdrawalFeeFlatMicrocents");
      }
    } finally {
      const restored = await admin.put(API.adminSettings, {
        ...(await current()),
        withdrawalFeeFlatMicrocents: before.withdrawalFeeFlatMicrocents,
        tradeExposureCapMicrocents: before.tradeExposureCapMicrocents,
      });
      expect(restored.statusCode, restored.body).toBe(200);
    }
  });

  it("audits a change of the accrual period, which every package's terms follow at once", async () => {
    const before = await current();
    const saved = await admin.put(API.adminSettings, { ...before, investmentPeriodSeconds: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const rows = await queryRows<{ before: string; after: string }>(
        t.database,
        sql`select before->>'investmentPeriodSeconds' as before, after->>'investmentPeriodSeconds' as after
            from audit_log where action = 'settings.update' order by created_at desc limit 1`,
      );
      expect(rows[0]).toEqual({ before: String(before.investmentPeriodSeconds), after: "30" });
      const { client } = await signUpVerified(t.app);
      const packages = (await client.get(API.packages)).json() as { periodSeconds: number }[];
      expect(packages.length).toBeGreaterThan(0);
      expect(packages.every((p) => p.periodSeconds === 30)).toBe(true);
    } finally {
      const restored = await admin.put(API.adminSettings, {
        ...(await current()),
        investmentPeriodSeconds: before.investmentPeriodSeconds,
      });
      expect(restored.statusCode, restored.body).toBe(200);
    }
  });

  it("names the revision when a save leaves it out", async () => {
    const { revision: _revision, ...withoutRevision } = await current();
    expectError(await admin.put(API.adminSettings, withoutRevision), 400, "VALIDATION_FAILED", "revision");
  });

  it("accepts only the offered contract durations, each once", async () => {
    const base = await current();
    for (const tradeDurations of [[45], [60, 60], []]) {
      const res = await admin.put(API.adminSettings, { ...base, tradeDurations });
      expect(res.statusCode, JSON.stringify(tradeDurations)).toBe(400);
      expect(res.json().error.fields[0].field).toMatch(/^tradeDurations/);
    }
    const ok = await admin.put(API.adminSettings, { ...base, tradeDurations: [60, 300] });
    expect(ok.json().tradeDurations).toEqual([60, 300]);
  });

  it("gives members every rate with its exact decimal, the one a local amount must carry", async () => {
    const { client } = await signUpVerified(t.app);
    const saved = await admin.put(API.adminSettings, { ...(await current()), rateIDR: "16300.5", rateBHD: "0.376" });
    expect(saved.statusCode, saved.body).toBe(200);
    const { rates } = (await client.get(API.settings)).json() as { rates: { name: string }[] };
    expect(rates.map((r) => r.name)).toEqual(["MYR", "IDR", "SGD", "BND", "KRW", "JPY", "EUR", "BHD"]);
    expect(rates).toContainEqual({ name: "IDR", value: 16300.5, decimal: "16300.5" });
    expect(rates).toContainEqual({ name: "BHD", value: 0.376, decimal: "0.376" });
  });

  it("keeps the admin settings from members", async () => {
    const { client } = await signUpVerified(t.app);
    expect((await client.get(API.adminSettings)).statusCode).toBe(404);
    expect((await client.put(API.adminSettings, await current())).statusCode).toBe(404);
  });

  // Last: it removes the stored record.
  it("quotes the default rates while no settings are stored; the rates call then answers []", async () => {
    const { client } = await signUpVerified(t.app);
    await t.database.db.execute(sql`delete from settings`);
    await t.app.services.bus.publish("settings:changed", {});
    const publicRates = async () =>
      ((await client.get(API.settings)).json() as { rates: { name: string; decimal: string }[] }).rates;
    // An earlier test saved 16300.5: the default is back once the cache has dropped the record.
    await waitFor(async () => (await publicRates()).find((r) => r.name === "IDR")?.decimal === "16250");
    const rates = await publicRates();
    expect(rates).toHaveLength(8);
    expect(rates).toContainEqual({ name: "IDR", value: 16250, decimal: "16250" });
    expect(rates).toContainEqual({ name: "MYR", value: 4.7, decimal: "4.70" });
    expect((await client.get(API.rates)).json()).toEqual([]);
  });
});
