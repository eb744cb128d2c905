import { API } from "@helio/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  randomIp,
  signIn,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { backoffDelayS, FREE_FAILURES, MAX_DELAY_S } from "./sign-in-backoff.ts";

describe("sign-in back-off delay", () => {
  it("is free for the first failures, then doubles up to 15 minutes", () => {
    expect([0, 1, 4].map(backoffDelayS)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 14].map(backoffDelayS)).toEqual([1, 2, 4, 8, 512]);
    expect([15, 16, 1000].map(backoffDelayS)).toEqual([MAX_DELAY_S, MAX_DELAY_S, MAX_DELAY_S]);
  });
});

// Each attempt hashes a password (scrypt): a run of them takes seconds on a busy machine.
describe.each(databaseKinds)("per-account sign-in back-off on %s", { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    // The per-address limit stays high (the test helpers' 1000): only the per-account one acts.
    t = await createTestApp(kind, { deps: { now: () => new Date(clock) } });
  });
  afterAll(async () => t?.close());

  /** One attempt from a fresh address each time: a guesser spread over many machines. */
  const attempt = (identifier: string, password: string, ip = randomIp()) =>
    signIn(t.app, identifier, password, new Client(t.app, undefined, { ip }));
  const wrong = "wrong-password-123";

  it("counts one account's failures from many addresses and by email or username, and makes each next attempt wait longer", async () => {
    const { input } = await signUpVerified(t.app);
    for (let i = 0; i < FREE_FAILURES; i++) {
      const id = i % 2 ? input.username : input.email.toUpperCase();
      expect((await attempt(id, wrong)).res.statusCode).toBe(401);
    }
    // Even the right password is not checked while the account waits.
    const waiting = await attempt(input.email, input.password);
    expect(waiting.res.statusCode).toBe(429);
    expect(waiting.res.headers["retry-after"]).toBe("1");
    expect(waiting.res.json().error).toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many failed sign-ins to this account. Try again in 1 seconds.",
    });
    expect(waiting.client.cookies.size).toBe(0);

    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      clock += 1000 * 2 ** i; // exactly the wait: the next attempt is checked
      expect((await attempt(input.username, wrong)).res.statusCode).toBe(401);
      waits.push(Number((await attempt(input.username, input.password)).res.headers["retry-after"]));
    }
    expect(waits).toEqual([2, 4, 8, 16]);

    // Never a lock: once the wait is over the owner signs in, and the count starts again.
    clock += 16_000;
    const owner = await attempt(input.email, input.password);
    expect(owner.res.statusCode).toBe(200);
    expect((await owner.client.get(API.me)).statusCode).toBe(200);
    expect((await attempt(input.email, wrong)).res.statusCode).toBe(401);
    expect((await attempt(input.email, input.password)).res.statusCode).toBe(200);
  });

  it("caps the wait at 15 minutes and lets the owner in from an address they signed in from", async () => {
    const { input, member } = await signUpVerified(t.app);
    const home = randomIp();
    expect((await attempt(input.email, input.password, home)).res.statusCode).toBe(200);
    for (let i = 0; i < FREE_FAILURES + 11; i++) {
      clock += MAX_DELAY_S * 1000;
      expect((await attempt(input.email, wrong)).res.statusCode).toBe(401);
    }
    const stranger = await attempt(input.email, input.password);
    expect(stranger.res.statusCode).toBe(429);
    expect(Number(stranger.res.headers["retry-after"])).toBe(MAX_DELAY_S);
    expect(stranger.res.json().error.message).toMatch(/Try again in 15 minutes/);
    // The owner at home does not wait.
    expect((await attempt(input.email, input.password, home)).res.statusCode).toBe(200);

    // The back-off is on the member's record for the back office (and a notification, later).
    const admin = await signInAdmin(t.app);
    const audit = await admin.get(`${API.adminAudit}?targetUserId=${member.uid}`);
    const entries = (audit.json().items as { action: string; actorId: string | null; after: unknown }[]).filter(
      (e) => e.action === "member.sign_in_backoff",
    );
    expect(entries.map((e) => e.after)).toEqual([
      { failures: 15, delaySeconds: MAX_DELAY_S },
      { failures: 10, delaySeconds: 32 },
      { failures: 5, delaySeconds: 1 },
    ]);
    expect(entries[0]?.actorId).toBeNull();
  });

  it("delays names that match no account alike, so the answer says nothing about existence", async () => {
    const ghost = `nobody_${Date.now().toString(36)}@example.test`;
    for (let i = 0; i < FREE_FAILURES; i++) expect((await attempt(ghost, wrong)).res.statusCode).toBe(401);
    const res = (await attempt(ghost, wrong)).res;
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe("Too many failed sign-ins to this account. Try again in 1 seconds.");
  });
});
