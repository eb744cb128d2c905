import { API } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  changeSettings,
  createTestApp,
  databaseKinds,
  memberInput,
  queryRows,
  randomIp,
  signInAdmin,
  type TestApp,
} from "../../../test/helpers.ts";
import { apiCents, expectError } from "../../../test/money.ts";
import { DEFAULT_LEGAL_TEXTS } from "./defaults.ts";

describe.each(databaseKinds)("legal pages and the terms at registration on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  let clock = new Date("2026-03-01T10:00:00Z");
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WORKERS: "off" }, deps: { now: () => clock } });
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => t?.close());
  const fresh = () => new Client(t.app, undefined, { ip: randomIp() });
  const accepted = async (email: string) => {
    const utc = (column: string) =>
      sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`);
    const [row] = await queryRows<{ terms_version: number; terms_accepted_at: string; adult_confirmed_at: string }>(
      t.database,
      sql`select terms_version, ${utc("terms_accepted_at")}, ${utc("adult_confirmed_at")} from "user" where email = ${email}`,
    );
    return row;
  };

  it("serves the texts, the terms' version and the fees from the settings to anyone signed out", async () => {
    const res = await fresh().get(API.legal);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.texts).toEqual(DEFAULT_LEGAL_TEXTS);
    expect(body.termsVersion).toBe(1);
    expect(body.fees).toMatchObject({
      withdrawalFeeBps: 100,
      depositMinMicrocents: apiCents(1_000),
      tradePayoutPercentDefault: 85,
    });
    const restore = await changeSettings(admin, { withdrawalFeeBps: 250 });
    expect((await fresh().get(API.legal)).json().fees.withdrawalFeeBps).toBe(250);
    await changeSettings(admin, restore);
  });

  it("refuses a registration without the terms accepted or the age confirmed, naming the field", async () => {
    const { acceptTerms: _a, ...noTerms } = memberInput();
    expectError(await fresh().post(API.register, noTerms), 400, "VALIDATION_FAILED", "acceptTerms");
    expectError(
      await fresh().post(API.register, { ...memberInput(), acceptTerms: false }),
      400,
      "VALIDATION_FAILED",
      "acceptTerms",
    );
    const { confirmAdult: _c, ...noAge } = memberInput();
    const refused = await fresh().post(API.register, noAge);
    expectError(refused, 400, "VALIDATION_FAILED", "confirmAdult");
    expect(refused.json().error.fields.map((f: { field: string }) => f.field)).toEqual(["confirmAdult"]);
    expect(await accepted(noAge.email)).toBeUndefined();
  });

  it("stores the version of the terms accepted and the time; a new text is a new version", async () => {
    const first = memberInput();
    expect((await fresh().post(API.register, first)).statusCode).toBe(201);
    expect(await accepted(first.email)).toEqual({
      terms_version: 1,
      terms_accepted_at: clock.toISOString(),
      adult_confirmed_at: clock.toISOString(),
    });

    const current = (await admin.get(API.adminSettings)).json();
    // Only the terms' text moves the version; the editor's own number is ignored.
    await changeSettings(admin, {
      legalTexts: { ...current.legalTexts, privacy: "Our privacy notice." },
      termsVersion: 9,
    });
    expect((await fresh().get(API.legal)).json()).toMatchObject({
      termsVersion: 1,
      texts: { privacy: "Our privacy notice." },
    });
    await changeSettings(admin, {
      legalTexts: { ...current.legalTexts, privacy: "Our privacy notice.", terms: "New terms." },
    });
    expect((await fresh().get(API.legal)).json()).toMatchObject({ termsVersion: 2, texts: { terms: "New terms." } });

    clock = new Date("2026-03-02T08:30:00Z");
    const second = memberInput();
    expect((await fresh().post(API.register, second)).statusCode).toBe(201);
    expect(await accepted(second.email)).toEqual({
      terms_version: 2,
      terms_accepted_at: clock.toISOString(),
      adult_confirmed_at: clock.toISOString(),
    });
    expect((await accepted(first.email))?.terms_version).toBe(1);
  });

  it("reads an emptied text as Helio's default, and refuses one too long, naming the field", async () => {
    const current = (await admin.get(API.adminSettings)).json();
    const restore = await changeSettings(admin, { legalTexts: { ...current.legalTexts, risk: "  " } });
    expect((await fresh().get(API.legal)).json().texts.risk).toBe(DEFAULT_LEGAL_TEXTS.risk);
    expect((await admin.get(API.adminSettings)).json().legalTexts.risk).toBe(DEFAULT_LEGAL_TEXTS.risk);
    await changeSettings(admin, restore);
    const long = { ...current, legalTexts: { ...current.legalTexts, privacy: "x".repeat(40_001) } };
    expectError(await admin.put(API.adminSettings, long), 400, "VALIDATION_FAILED", "legalTexts.privacy");
  });
});
