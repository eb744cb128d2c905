import { API } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  createTestApp,
  databaseKinds,
  queryRows,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { fastSessionRead, SESSION_EXPIRES_IN_S } from "./fast-session.ts";
import { readSession } from "./session.ts";

const DAY_MS = 24 * 3600_000;

describe.each(databaseKinds)("fast session read on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const headersOf = (client: Client) => ({ cookie: client.cookieHeader });
  const throughBetterAuth = async (client: Client) => {
    const result = await t.app.services.auth.api.getSession({ headers: new Headers(headersOf(client)) });
    return result && { user: result.user, session: result.session };
  };
  const tokenOf = async (client: Client) => (await throughBetterAuth(client))?.session.token ?? "";
  const setExpiry = (token: string, at: Date) =>
    t.database.db.execute(
      sql`update "session" set expires_at = ${at.toISOString()}::timestamptz where token = ${token}`,
    );

  it("answers exactly what better-auth answers, for a member and for an admin", async () => {
    const { client } = await signUpVerified(t.app);
    const admin = await signInAdmin(t.app);
    for (const c of [client, admin]) {
      const fast = await fastSessionRead(t.app.services.auth, headersOf(c));
      expect(fast).not.toBeNull();
      expect(fast).toStrictEqual(await throughBetterAuth(c));
    }
  });

  it("gives concurrent readers each their own session", async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => signUpVerified(t.app)));
    const reads = await Promise.all(
      [...members, ...members, ...members].map(({ client }) => fastSessionRead(t.app.services.auth, headersOf(client))),
    );
    reads.forEach((read, i) => {
      expect(read?.user.id).toBe(members[i % members.length]?.member.uid);
    });
  });

  it("leaves to better-auth what it cannot answer: bad signatures, unknown and signed-out sessions", async () => {
    const { client } = await signUpVerified(t.app);
    const auth = t.app.services.auth;
    const [name = "", value = ""] = client.cookieHeader.split("; ")[0]?.split("=") ?? [];
    const forged = `${name}=${encodeURIComponent(`${decodeURIComponent(value).split(".")[0]}.bm90LWEtc2lnbmF0dXJl`)}`;
    expect(await fastSessionRead(auth, { cookie: forged })).toBeNull();
    expect(await readSession(auth, { cookie: forged })).toBeNull();
    expect(await fastSessionRead(auth, {})).toBeNull();

    expect((await client.post("/api/auth/sign-out", {})).statusCode).toBe(200);
    // The cookie the browser had before signing out no longer opens anything.
    const stale = { cookie: `${name}=${value}` };
    expect(await fastSessionRead(auth, stale)).toBeNull();
    expect(await readSession(auth, stale)).toBeNull();
    expect((await t.app.inject({ url: API.me, headers: stale })).statusCode).toBe(401);
  });

  it("leaves an expired session to better-auth, which deletes it", async () => {
    const { client } = await signUpVerified(t.app);
    const token = await tokenOf(client);
    await setExpiry(token, new Date(Date.now() - 1000));
    expect(await fastSessionRead(t.app.services.auth, headersOf(client))).toBeNull();
    expect(await readSession(t.app.services.auth, headersOf(client))).toBeNull();
    expect(await queryRows(t.database, sql`select 1 from "session" where token = ${token}`)).toEqual([]);
  });

  it("leaves a session due for refresh to better-auth, which extends it", async () => {
    const { client } = await signUpVerified(t.app);
    const token = await tokenOf(client);
    // Two days into its lifetime: better-auth extends sessions older than a day.
    const due = new Date(Date.now() + SESSION_EXPIRES_IN_S * 1000 - 2 * DAY_MS);
    await setExpiry(token, due);
    expect(await fastSessionRead(t.app.services.auth, headersOf(client))).toBeNull();
    const current = await readSession(t.app.services.auth, headersOf(client));
    expect(current?.session.token).toBe(token);
    expect(current?.session.expiresAt.getTime()).toBeGreaterThan(due.getTime() + DAY_MS);
    // Extended, the next read is the fast one again.
    expect((await fastSessionRead(t.app.services.auth, headersOf(client)))?.session.token).toBe(token);
  });
});
