import { randomBytes } from "node:crypto";
import { API } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  Client,
  createTestApp,
  databaseKinds,
  makeStaff,
  queryRows,
  signIn,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { issueImpersonationToken } from "./service.ts";

type AuditItem = {
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetUserId: string | null;
  targetName: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  createdAt: string;
};

describe.each(databaseKinds)("admin on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signInAdmin(t.app);
    adminId = (await admin.get(API.me)).json().uid;
  });
  afterAll(async () => t?.close());

  const auditOf = async (uid: string): Promise<AuditItem[]> => {
    const res = await admin.get(`${API.adminAudit}?targetUserId=${uid}`);
    expect(res.statusCode).toBe(200);
    return res.json().items;
  };
  const setStatus = (uid: string, action: string, client = admin) =>
    client.post(API.adminMemberStatus(uid), { action });

  it("answers 404 to anonymous visitors and members on every admin route", async () => {
    const { client: member, member: record } = await signUpVerified(t.app);
    const uid = record.uid;
    for (const client of [new Client(t.app), member]) {
      const responses = [
        await client.get(API.adminMembers),
        await client.get(API.adminMember(uid)),
        await client.get(API.adminAudit),
        await client.post(API.adminMemberStatus(uid), { action: "block" }),
        await client.put(API.adminMemberTrading(uid), { userTrading: true }),
        await client.post(API.adminMemberImpersonate(uid), {}),
      ];
      for (const res of responses) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe("NOT_FOUND");
      }
    }
    // Nothing happened.
    expect((await member.get(API.me)).json()).toMatchObject({ userBlock: false, userTrading: false });
    expect(await auditOf(uid)).toEqual([]);
  });

  it("lists members with search and paging", async () => {
    const tag = randomBytes(3).toString("hex");
    const made = [];
    for (const [i, first] of ["Quinn", "Rowan", "Sasha"].entries()) {
      made.push(
        await signUpVerified(t.app, {
          firstName: first,
          lastName: `Tag${tag}`,
          username: `s${tag}_${i}`,
          email: `m${i}.${tag}@list.test`,
        }),
      );
    }
    const search = async (q: string, extra = "") => {
      const res = await admin.get(`${API.adminMembers}?search=${encodeURIComponent(q)}${extra}`);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        items: { uid: string; userName: string; email: string; fullName: string }[];
        total: number;
        page: number;
        pageSize: number;
      };
    };

    const byName = await search(`tag${tag}`);
    expect(byName.total).toBe(3);
    expect(byName.pageSize).toBe(20);
    // Newest first.
    expect(byName.items.map((m) => m.userName)).toEqual([`s${tag}_2`, `s${tag}_1`, `s${tag}_0`]);
    expect(byName.items[0]).toMatchObject({
      uid: made[2]?.member.uid,
      fullName: `Sasha Tag${tag}`,
      email: `m2.${tag}@list.test`,
      emailVerified: true,
      role: "member",
      userBlock: false,
      userStatus: "active",
      userTrading: false,
      currency: "USD",
    });

    expect((await search(`S${tag}_1`)).items.map((m) => m.uid)).toEqual([made[1]?.member.uid]); // username, any case
    expect((await search(`m0.${tag}@LIST`)).items.map((m) => m.uid)).toEqual([made[0]?.member.uid]); // email
    expect((await search(`rowan tag${tag}`)).items.map((m) => m.uid)).toEqual([made[1]?.member.uid]); // full name
    expect((await search(`nobody-${tag}`)).total).toBe(0);
    // LIKE wildcards are searched for literally.
    expect((await search("%")).total).toBe(0);
    expect((await search(`s${tag}%`)).total).toBe(0);

    const page1 = await search(`tag${tag}`, "&pageSize=2&page=1");
    const page2 = await search(`tag${tag}`, "&pageSize=2&page=2");
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page1.items).toHaveLength(2);
    expect(page2.items).toHaveLength(1);
    expect([...page1.items, ...page2.items].map((m) => m.uid)).toEqual(byName.items.map((m) => m.uid));

    // Admins are not members: not listed, not counted (the dashboard counts the same way).
    const all = await admin.get(`${API.adminMembers}?pageSize=100`);
    expect(all.json().total).toBeGreaterThanOrEqual(3);
    expect(all.json().items.some((m: { email: string }) => m.email === ADMIN.email)).toBe(false);
    expect((await search("support")).items.some((m) => m.email === ADMIN.email)).toBe(false);

    const bad = await admin.get(`${API.adminMembers}?pageSize=101&page=0`);
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(["page", "pageSize"]);
  });

  it("counts members once: the Members page's total is the dashboard's figure", async () => {
    const counts = async () => ({
      listed: (await admin.get(API.adminMembers)).json().total as number,
      dashboard: (await admin.get(API.adminDashboard)).json().members as { total: number; blocked: number },
    });
    const before = await counts();
    expect(before.listed).toBe(before.dashboard.total);
    const { member } = await signUpVerified(t.app);
    expect((await setStatus(member.uid, "block")).statusCode).toBe(200);
    const after = await counts();
    expect(after.listed).toBe(before.listed + 1); // a blocked member is still a member
    expect(after.dashboard).toMatchObject({ total: after.listed, blocked: before.dashboard.blocked + 1 });
    // The admin is in neither.
    const [accounts] = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from "user"`);
    const [admins] = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from "user" where role = 'admin'`,
    );
    expect(admins?.n).toBeGreaterThanOrEqual(1);
    expect(after.listed).toBe((accounts?.n ?? 0) - (admins?.n ?? 0));
  });

  it("names the referrer (id, name, username) and null without one", async () => {
    const referrer = await signUpVerified(t.app, { firstName: "Grace", lastName: "Hopper" });
    const referred = await signUpVerified(t.app, { referralCode: referrer.input.username });
    const res = await admin.get(API.adminMember(referred.member.uid));
    expect(res.statusCode).toBe(200);
    expect(res.json().referredBy).toEqual({
      uid: referrer.member.uid,
      fullName: "Grace Hopper",
      userName: referrer.input.username,
      email: referrer.input.email,
    });
    expect((await admin.get(API.adminMember(referrer.member.uid))).json().referredBy).toBeNull();
    // The answers of the actions carry it too (their row is locked, not the referrer's).
    const blocked = await setStatus(referred.member.uid, "block");
    expect(blocked.json().referredBy).toMatchObject({ uid: referrer.member.uid });
    expect((await setStatus(referred.member.uid, "unblock")).json().referredBy).toMatchObject({
      uid: referrer.member.uid,
    });
  });

  it("shows one member, and 404 for an unknown uid", async () => {
    const { member, input } = await signUpVerified(t.app, { currency: "EUR" });
    const res = await admin.get(API.adminMember(member.uid));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uid: member.uid,
      firstName: "Ada",
      lastName: "Lovelace",
      fullName: "Ada Lovelace",
      userName: input.username,
      referralCode: input.username,
      referredBy: null,
      photoURL: null,
      twoFactorEnabled: false,
      currency: "EUR",
    });
    const unknown = await admin.get(API.adminMember("00000000-0000-4000-8000-000000000000"));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("NOT_FOUND");
    expect((await setStatus("00000000-0000-4000-8000-000000000000", "block")).statusCode).toBe(404);
    expect((await admin.put(API.adminMemberTrading("no-such-member"), { userTrading: true })).statusCode).toBe(404);
    expect((await admin.post(API.adminMemberImpersonate("no-such-member"), {})).statusCode).toBe(404);
  });

  it("blocks a member everywhere and unblocks them", async () => {
    const { client, member, input } = await signUpVerified(t.app);
    const blocked = await setStatus(member.uid, "block");
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ uid: member.uid, userBlock: true, userStatus: "active" });

    const me = await client.get(API.me);
    expect(me.statusCode).toBe(403);
    expect(me.json().error.code).toBe("ACCOUNT_BLOCKED");
    const sessions = await client.get("/api/auth/list-sessions");
    expect(sessions.statusCode).toBe(403);
    expect(sessions.json().error.code).toBe("ACCOUNT_BLOCKED");
    expect((await client.get(API.signIns)).statusCode).toBe(403);
    expect((await client.put(API.profile, { firstName: "X", lastName: "Y", currency: "USD" })).statusCode).toBe(403);
    // The page can still read the session to tell the member, and sign out.
    const session = await client.get("/api/auth/get-session");
    expect(session.statusCode).toBe(200);
    expect(session.json().user.userBlock).toBe(true);

    const again = await signIn(t.app, input.email, input.password);
    expect(again.res.statusCode).toBe(403);
    expect(again.res.json().code).toBe("ACCOUNT_BLOCKED");
    expect(again.client.cookies.size).toBe(0);
    expect((await signIn(t.app, input.username, input.password)).res.statusCode).toBe(403);
    expect((await admin.get(API.adminMember(member.uid))).json().userBlock).toBe(true);

    const unblocked = await setStatus(member.uid, "unblock");
    expect(unblocked.json()).toMatchObject({ userBlock: false, userStatus: "active" });
    // Lifting the block ends the old sessions: the member signs in afresh.
    expect((await client.get(API.me)).statusCode).toBe(401);
    const fresh = await signIn(t.app, input.email, input.password);
    expect(fresh.res.statusCode).toBe(200);
    expect((await fresh.client.get(API.me)).statusCode).toBe(200);
  });

  it("bans a member and unbans them", async () => {
    const { client, member, input } = await signUpVerified(t.app);
    expect((await setStatus(member.uid, "ban")).json()).toMatchObject({ userBlock: false, userStatus: "banned" });
    const me = await client.get(API.me);
    expect(me.statusCode).toBe(403);
    expect(me.json().error.code).toBe("ACCOUNT_BANNED");
    expect((await client.get("/api/auth/list-sessions")).json().error.code).toBe("ACCOUNT_BANNED");
    const again = await signIn(t.app, input.email, input.password);
    expect(again.res.statusCode).toBe(403);
    expect(again.res.json().code).toBe("ACCOUNT_BANNED");

    // A ban outranks a block.
    await setStatus(member.uid, "block");
    expect((await client.get(API.me)).json().error.code).toBe("ACCOUNT_BANNED");
    await setStatus(member.uid, "unban");
    expect((await client.get(API.me)).json().error.code).toBe("ACCOUNT_BLOCKED");
    await setStatus(member.uid, "unblock");
    expect((await client.get(API.me)).statusCode).toBe(401);
    const fresh = await signIn(t.app, input.email, input.password);
    expect((await fresh.client.get(API.me)).json()).toMatchObject({ userBlock: false, userStatus: "active" });
  });

  it("refuses to block or ban an admin, and names a bad action", async () => {
    for (const action of ["block", "ban"]) {
      const res = await setStatus(adminId, action);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
    expect((await admin.get(API.me)).json()).toMatchObject({ role: "admin", userBlock: false, userStatus: "active" });
    expect(await auditOf(adminId)).toEqual([]);

    const { member } = await signUpVerified(t.app);
    const bad = await setStatus(member.uid, "delete");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
    expect(bad.json().error.fields.map((f: { field: string }) => f.field)).toEqual(["action"]);
    const long = await admin.post(API.adminMemberStatus(member.uid), { action: "block", reason: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields[0].field).toBe("reason");
    expect((await admin.get(API.adminMember(member.uid))).json().userBlock).toBe(false);
  });

  it("switches a member between Free and Real", async () => {
    const { client, member } = await signUpVerified(t.app);
    expect((await client.get(API.me)).json().userTrading).toBe(false);
    const real = await admin.put(API.adminMemberTrading(member.uid), { userTrading: true });
    expect(real.statusCode).toBe(200);
    expect(real.json().userTrading).toBe(true);
    expect((await client.get(API.me)).json().userTrading).toBe(true);
    expect((await admin.put(API.adminMemberTrading(member.uid), { userTrading: false })).json().userTrading).toBe(
      false,
    );
    expect((await client.get(API.me)).json().userTrading).toBe(false);

    const bad = await admin.put(API.adminMemberTrading(member.uid), { userTrading: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe("userTrading");
  });

  it("audits every action with actor, target, before and after", async () => {
    const { member } = await signUpVerified(t.app);
    await admin.post(API.adminMemberStatus(member.uid), { action: "block", reason: "chargeback" });
    await setStatus(member.uid, "unblock");
    await setStatus(member.uid, "ban");
    await setStatus(member.uid, "unban");
    await admin.put(API.adminMemberTrading(member.uid), { userTrading: true });

    const items = await auditOf(member.uid);
    expect(items.map((i) => i.action)).toEqual([
      "member.trading_mode",
      "member.unban",
      "member.ban",
      "member.unblock",
      "member.block",
    ]);
    for (const item of items) {
      expect(item).toMatchObject({
        actorId: adminId,
        actorName: "Helio Support",
        targetUserId: member.uid,
        targetName: "Ada Lovelace",
        ip: "127.0.0.1",
      });
      expect(Date.parse(item.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    const [trading, unban, ban, unblock, block] = items;
    expect(block).toMatchObject({
      before: { userBlock: false, userStatus: "active" },
      after: { userBlock: true, userStatus: "active", reason: "chargeback" },
    });
    expect(unblock).toMatchObject({ before: { userBlock: true }, after: { userBlock: false, reason: null } });
    expect(ban).toMatchObject({ before: { userStatus: "active" }, after: { userStatus: "banned" } });
    expect(unban).toMatchObject({ before: { userStatus: "banned" }, after: { userStatus: "active" } });
    expect(trading).toMatchObject({ before: { userTrading: false }, after: { userTrading: true } });

    // The unfiltered log holds them too, newest first, with a total.
    const all = await admin.get(`${API.adminAudit}?pageSize=5`);
    expect(all.json().total).toBeGreaterThanOrEqual(5);
    expect(all.json().items.map((i: AuditItem) => i.action)).toEqual(items.map((i) => i.action));
    expect((await admin.get(`${API.adminAudit}?targetUserId=nobody`)).json()).toEqual({ items: [], total: 0 });
  });

  describe("sign in as member", () => {
    const tokenOf = (url: string) => url.split("/").pop() as string;
    const issue = async (uid: string, client = admin) => {
      const res = await client.post(API.adminMemberImpersonate(uid), {});
      expect(res.statusCode).toBe(200);
      return res.json() as { url: string; expiresAt: string };
    };

    it("exchanges a 60-second single-use link for a session as the member, and returns", async () => {
      const { member, input } = await signUpVerified(t.app);
      const link = await issue(member.uid);
      expect(link.url).toMatch(new RegExp(`^/login-admin/${input.username}/[A-Za-z0-9_-]{40,}$`));
      expect(Math.abs(Date.parse(link.expiresAt) - (Date.now() + 60_000))).toBeLessThan(5_000);

      const helper = await signInAdmin(t.app);
      const exchange = await helper.post(API.impersonationExchange, {
        username: input.username,
        token: tokenOf(link.url),
      });
      expect(exchange.statusCode).toBe(200);
      expect(exchange.json()).toEqual({ ok: true });
      const me = await helper.get(API.me);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ uid: member.uid, role: "member", impersonatedBy: adminId });
      // The impersonation session has no admin powers.
      expect((await helper.get(API.adminMembers)).statusCode).toBe(404);
      // The member can see that support opened their account.
      const history = (await helper.get(API.signIns)).json().items as { bySupport: boolean }[];
      expect(history[0]?.bySupport).toBe(true);
      expect(history.at(-1)?.bySupport).toBe(false);

      // Single use: the same admin, from another session, cannot use it again.
      const reuse = await admin.post(API.impersonationExchange, { username: input.username, token: tokenOf(link.url) });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().error.code).toBe("INVALID_TOKEN");

      const stop = await helper.post(API.impersonationStop);
      expect(stop.statusCode).toBe(200);
      expect((await helper.get(API.me)).json()).toMatchObject({ uid: adminId, role: "admin", impersonatedBy: null });
      expect((await helper.get(API.adminMembers)).statusCode).toBe(200);
      // Not impersonating any more.
      expect((await helper.post(API.impersonationStop)).statusCode).toBe(400);

      const audit = await auditOf(member.uid);
      const actions = audit.filter((i) => i.action !== "impersonation.request").map((i) => [i.action, i.actorId]);
      expect(actions).toEqual([
        ["member.impersonation_end", adminId],
        ["member.impersonation_start", adminId],
        ["member.impersonation_link", adminId],
      ]);
      // Every request in between is in the log under the admin, with its answer.
      const requests = audit.filter((i) => i.action === "impersonation.request").reverse();
      expect(requests.map((i) => [i.actorId, i.after])).toEqual([
        [adminId, { method: "GET", route: API.me, status: 200 }],
        [adminId, { method: "GET", route: API.adminMembers, status: 404 }],
        [adminId, { method: "GET", route: API.signIns, status: 200 }],
      ]);
    });

    it("refuses a link of another admin, for another username, or expired", async () => {
      const { member, input } = await signUpVerified(t.app);
      const other = await signUpVerified(t.app);
      await makeStaff(t.app, other.member.uid, ["owner"]);
      expect((await other.client.get(API.me)).json().role).toBe("admin");

      const link = await issue(member.uid);
      const token = tokenOf(link.url);
      const byOther = await other.client.post(API.impersonationExchange, { username: input.username, token });
      expect(byOther.statusCode).toBe(400);
      expect(byOther.json().error.code).toBe("INVALID_TOKEN");
      const wrongName = await admin.post(API.impersonationExchange, { username: other.input.username, token });
      expect(wrongName.statusCode).toBe(400);
      expect(wrongName.json().error.code).toBe("INVALID_TOKEN");
      const forged = await admin.post(API.impersonationExchange, {
        username: input.username,
        token: `${token.slice(0, -4)}AAAA`,
      });
      expect(forged.statusCode).toBe(400);
      // None of those used it up: its admin still can, once.
      const helper = await signInAdmin(t.app);
      expect(
        (await helper.post(API.impersonationExchange, { username: input.username.toUpperCase(), token })).statusCode,
      ).toBe(200);
      expect((await helper.get(API.me)).json().uid).toBe(member.uid);

      const expired = await issueImpersonationToken(
        { db: t.app.services.db, realtime: t.app.services.realtime },
        { adminId, ip: "127.0.0.1" },
        member.uid,
        new Date(Date.now() - 61_000),
      );
      expect(Date.parse(expired.expiresAt)).toBeLessThan(Date.now());
      const late = await admin.post(API.impersonationExchange, {
        username: input.username,
        token: tokenOf(expired.url),
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().error.code).toBe("INVALID_TOKEN");
      expect((await admin.get(API.me)).json().uid).toBe(adminId);

      const rows = await queryRows<{ n: number | string }>(
        t.database,
        sql`select count(*) as n from impersonation_token where target_user_id = ${member.uid} and used_at is not null`,
      );
      expect(Number(rows[0]?.n)).toBe(1);
    });

    it("is for admins only, and never opens an admin or a blocked member", async () => {
      const { client, member, input } = await signUpVerified(t.app);
      const link = await issue(member.uid);
      const byMember = await client.post(API.impersonationExchange, {
        username: input.username,
        token: tokenOf(link.url),
      });
      expect(byMember.statusCode).toBe(404);
      const anonymous = await new Client(t.app).post(API.impersonationExchange, {
        username: input.username,
        token: tokenOf(link.url),
      });
      expect(anonymous.statusCode).toBe(404);
      const malformed = await admin.post(API.impersonationExchange, { username: "", token: "short" });
      expect(malformed.statusCode).toBe(400);
      expect(
        malformed
          .json()
          .error.fields.map((f: { field: string }) => f.field)
          .sort(),
      ).toEqual(["token", "username"]);

      const self = await admin.post(API.adminMemberImpersonate(adminId), {});
      expect(self.statusCode).toBe(403);
      expect(self.json().error.code).toBe("FORBIDDEN");

      await setStatus(member.uid, "block");
      const helper = await signInAdmin(t.app);
      const blocked = await helper.post(API.impersonationExchange, {
        username: input.username,
        token: tokenOf((await issue(member.uid)).url),
      });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.code).toBe("FORBIDDEN");
      expect((await helper.get(API.me)).json().uid).toBe(adminId);
      // Nothing started, so nothing but the links is audited and no link is used up.
      expect((await auditOf(member.uid)).map((i) => i.action)).toEqual([
        "member.impersonation_link",
        "member.block",
        "member.impersonation_link",
      ]);
      const used = await queryRows<{ n: number | string }>(
        t.database,
        sql`select count(*) as n from impersonation_token where target_user_id = ${member.uid} and used_at is not null`,
      );
      expect(Number(used[0]?.n)).toBe(0);
    });
  });
});
