import { AsyncLocalStorage } from "node:async_hooks";
import { API } from "@helio/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, databaseKinds, signIn, signUpVerified, type TestApp } from "../../../test/helpers.ts";

/**
 * better-auth keeps the endpoint's context and its database transaction in AsyncLocalStorage; its
 * hooks (which record sign-ins and security events, and open a new member's accounts) read them.
 * Node 24 backs AsyncLocalStorage with AsyncContextFrame instead of async hooks; these requests race
 * so that a context leaking from one request into another would show as a member's event recorded
 * for someone else. `--no-async-context-frame` (docs/operations.md) switches back to async hooks.
 */
const rolledBack =
  process.execArgv.includes("--no-async-context-frame") ||
  (process.env.NODE_OPTIONS ?? "").includes("--no-async-context-frame");
const MEMBERS = 12;

describe("AsyncLocalStorage on this runtime", () => {
  it("is backed by AsyncContextFrame unless rolled back", () => {
    // The async-hooks implementation keeps its state on the instance; the frame-based one keeps none.
    const hooksBased = Object.hasOwn(new AsyncLocalStorage(), "enabled");
    expect(hooksBased).toBe(rolledBack);
  });
});

describe.each(databaseKinds)("request context under concurrent requests on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it("keeps each request's session, endpoint and transaction to itself", async () => {
    // Sign-ups racing: each new member's accounts are opened inside better-auth's transaction.
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, (_, i) => signUpVerified(t.app, { firstName: `Racer${i}` })),
    );
    const wallets = await Promise.all(members.map(({ client }) => client.get(API.wallet)));
    expect(wallets.map((w) => w.statusCode)).toEqual(members.map(() => 200));

    // Sign-ins racing, each from its own browser: the session hook records each for its member.
    const agents = members.map((_, i) => `Racer/${i}`);
    const signIns = await Promise.all(
      members.map(({ input }, i) =>
        signIn(t.app, input.email, input.password, new Client(t.app, undefined, { userAgent: agents[i] })),
      ),
    );
    expect(signIns.map(({ res }) => res.statusCode)).toEqual(members.map(() => 200));
    const mine = await Promise.all(signIns.map(({ client }) => client.get(API.me)));
    expect(mine.map((me) => me.json().uid)).toEqual(members.map(({ member }) => member.uid));
    const recorded = await Promise.all(
      members.map(async ({ client }) => {
        const items = (await client.get(API.signIns)).json().items as { userAgent: string | null }[];
        return items.map((item) => item.userAgent).filter((agent) => agent?.startsWith("Racer/"));
      }),
    );
    expect(recorded).toEqual(agents.map((agent) => [agent]));

    // Password changes racing: the account hook reads the endpoint's path from the context.
    const changes = await Promise.all(
      members.map(({ client, input }) =>
        client.post("/api/auth/change-password", {
          currentPassword: input.password,
          newPassword: `${input.password}-2`,
        }),
      ),
    );
    expect(changes.map((c) => c.statusCode)).toEqual(members.map(() => 200));
    const kinds = await Promise.all(
      members.map(async ({ client }) => {
        const items = (await client.get(API.notifications)).json().items as { kind: string }[];
        return items.filter((n) => n.kind === "password.changed").length;
      }),
    );
    expect(kinds).toEqual(members.map(() => 1));
  });
});
