import { randomUUID } from "node:crypto";
import { API, chatIdOf } from "@helio/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  type Client,
  createTestApp,
  databaseKinds,
  latestMail,
  signInAdmin,
  signUpVerified,
  socketsClosedAfterEachTest,
  type TestApp,
} from "../../test/helpers.ts";

const connect = socketsClosedAfterEachTest();

type Operation = { method: string; path: string };
const WRITES = new Set(["post", "put", "patch", "delete"]);
const ANY_ID = "00000000-0000-4000-8000-000000000000";

/** Every write in the OpenAPI document, its path parameters filled in. */
function writeOperations(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => WRITES.has(m))
      .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, ANY_ID) })),
  );
}

describe.each(databaseKinds)("an admin signed in as a member (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  }, 180_000);
  afterAll(async () => t?.close());

  async function impersonating() {
    const account = await signUpVerified(t.app);
    const admin = await signInAdmin(t.app);
    const adminId = (await admin.get(API.me)).json().uid as string;
    const link = (await admin.post(API.adminMemberImpersonate(account.member.uid), {})).json() as { url: string };
    const [, , username, token] = link.url.split("/");
    const exchanged = await admin.post(API.impersonationExchange, { username, token });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect((await admin.get(API.me)).json()).toMatchObject({ uid: account.member.uid, impersonatedBy: adminId });
    return { ...account, admin, adminId };
  }
  const send = (client: Client, op: Operation) =>
    client.request({ method: op.method as "POST", url: op.path, json: {} });

  it("refuses every write of the API with IMPERSONATION_READ_ONLY, whatever the body, but leaving", async () => {
    const { admin, client } = await impersonating();
    const writes = writeOperations(t.app.swagger() as never).filter(
      (op) => !op.path.startsWith("/api/auth/") && op.path !== API.impersonationStop,
    );
    expect(writes.length).toBeGreaterThan(25);
    for (const path of [API.withdrawals, API.bank, API.profile, API.deposits, API.trades, API.investments]) {
      expect(writes.map((op) => op.path)).toContain(path);
    }
    for (const op of writes) {
      const res = await send(admin, op);
      expect([op.method, op.path, res.statusCode, res.json().error?.code]).toEqual([
        op.method,
        op.path,
        403,
        "IMPERSONATION_READ_ONLY",
      ]);
    }
    // The member's own session is not affected: the same routes answer it as usual.
    const own = await send(client, { method: "PUT", path: API.profile });
    expect(own.statusCode).toBe(400);
  });

  it("refuses a chat message sent over the socket as the member", async () => {
    const { admin, member } = await impersonating();
    const socket = await connect(t.app, admin);
    socket.ws.send(JSON.stringify({ type: "chat.send", id: randomUUID(), text: "Hello from support" }));
    expect(await socket.next("chat.ack")).toMatchObject({ ok: false, error: { code: "IMPERSONATION_READ_ONLY" } });
    const back = await signInAdmin(t.app);
    const supportId = (await back.get(API.me)).json().uid as string;
    const chat = (await back.get(API.adminChatMessages(chatIdOf(member.uid, supportId)))).json();
    expect(chat.items ?? []).toEqual([]);
  });

  it("refuses better-auth's security writes and keeps reading and leaving open", async () => {
    const { admin, input } = await impersonating();
    for (const path of [
      "/api/auth/change-password",
      "/api/auth/two-factor/enable",
      "/api/auth/two-factor/disable",
      "/api/auth/two-factor/generate-backup-codes",
      "/api/auth/revoke-other-sessions",
      "/api/auth/revoke-session",
    ]) {
      const res = await admin.post(path, { password: input.password, currentPassword: input.password });
      expect([path, res.statusCode, res.json().error?.code]).toEqual([path, 403, "IMPERSONATION_READ_ONLY"]);
    }
    expect((await admin.get("/api/auth/get-session")).statusCode).toBe(200);
    expect((await admin.get("/api/auth/list-sessions")).statusCode).toBe(200);
    expect((await admin.post(API.impersonationStop)).statusCode).toBe(200);
  });

  it("writes every request of the session to the audit log under the admin, refusals included", async () => {
    const { admin, adminId, member } = await impersonating();
    expect((await admin.get(API.withdrawalRequirements)).statusCode).toBe(200);
    expect((await admin.post(API.withdrawals, { amountMicrocents: 5_000 })).statusCode).toBe(403);
    expect((await admin.post(API.impersonationStop)).statusCode).toBe(200);
    const back = await signInAdmin(t.app);
    const audit = (await back.get(`${API.adminAudit}?targetUserId=${member.uid}&pageSize=100`)).json();
    const requests = (audit.items as { action: string; actorId: string; after: unknown }[])
      .filter((i) => i.action === "impersonation.request")
      .map((i) => [i.actorId, i.after]);
    expect(requests).toEqual(
      expect.arrayContaining([
        [adminId, { method: "GET", route: API.withdrawalRequirements, status: 200 }],
        [adminId, { method: "POST", route: API.withdrawals, status: 403 }],
      ]),
    );
  });

  it("tells the member, in the app and by mail, that support had the account open, by role and for how long", async () => {
    const { admin, client, input } = await impersonating();
    expect((await admin.post(API.impersonationStop)).statusCode).toBe(200);
    await t.app.services.notifications.idle();
    const [notice] = (await client.get(API.notifications)).json().items;
    expect(notice).toMatchObject({ kind: "account.opened_by_support", title: "Support opened your account" });
    expect(notice.body).toMatch(/an administrator of Helio support had your account open from .+ to .+ \(1 min\)/);
    expect(notice.body).not.toContain(ADMIN.email);
    const mail = await latestMail(t.app, input.email);
    expect(mail.subject).toBe("Support opened your account");
  });
});
