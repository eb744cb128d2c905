import { API, STAFF_ROLES, type StaffRole } from "@helio/shared";
import { authenticator } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  Client,
  createTestApp,
  databaseKinds,
  latestMail,
  makeStaff,
  signIn,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";

/** The admin settings as their JSON reads (amounts as strings of microcents), the fields used here. */
type SettingsJson = Record<string, unknown> & {
  revision: number;
  tradeOpenLimit: number;
  depositMinMicrocents: string;
  transferInstructions: Record<string, string>;
};

type AuditItem = {
  action: string;
  actorId: string | null;
  targetUserId: string | null;
  before: unknown;
  after: unknown;
};

describe.each(databaseKinds)("staff on %s", (kind) => {
  let t: TestApp;
  let owner: Client;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signInAdmin(t.app);
    ownerId = (await owner.get(API.me)).json().uid;
  });
  afterAll(async () => t?.close());

  /** A signed-in staff member holding `roles`. */
  const staffWith = async (roles: StaffRole[]) => {
    const signedUp = await signUpVerified(t.app);
    await makeStaff(t.app, signedUp.member.uid, roles);
    return signedUp;
  };
  const auditOf = async (uid: string): Promise<AuditItem[]> =>
    (await owner.get(`${API.adminAudit}?targetUserId=${uid}`)).json().items;

  it("makes the environment's admin an owner", async () => {
    expect((await owner.get(API.adminStaffMe)).json()).toEqual({ roles: ["owner"] });
    const list = (await owner.get(API.adminStaff)).json().items;
    expect(list.find((s: { email: string }) => s.email === ADMIN.email)).toMatchObject({
      roles: ["owner"],
      disabled: false,
      joined: true,
    });
  });

  it("invites by mail: the link chooses a password, and the new staff member holds the roles", async () => {
    const email = `kim_${Date.now().toString(36)}@example.test`;
    const invited = await owner.post(API.adminStaffInvitations, {
      email,
      firstName: "Kim",
      lastName: "Park",
      roles: ["support", "finance"],
    });
    expect(invited.statusCode).toBe(201);
    // Roles come back in the one order of STAFF_ROLES, whatever order they were sent in.
    expect(invited.json()).toMatchObject({ email, roles: ["finance", "support"], joined: false, disabled: false });
    const uid = invited.json().uid;

    const mail = await latestMail(t.app, email);
    expect(mail.subject).toBe("You are invited to Helio's back office");
    const token = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? "").searchParams.get("token");
    expect(token).toBeTruthy();
    expect((await signIn(t.app, email, "staff-password-1")).res.statusCode).not.toBe(200);
    const chosen = await new Client(t.app).post("/api/auth/reset-password", { token, newPassword: "staff-password-1" });
    expect(chosen.statusCode).toBe(200);
    const { client, res } = await signIn(t.app, email, "staff-password-1");
    expect(res.statusCode).toBe(200);
    expect((await client.get(API.adminStaffMe)).json()).toEqual({ roles: ["finance", "support"] });
    expect((await client.get(API.me)).json().role).toBe("admin");
    // The link works once.
    const again = await new Client(t.app).post("/api/auth/reset-password", { token, newPassword: "staff-password-2" });
    expect(again.statusCode).toBe(400);

    expect((await owner.get(API.adminStaff)).json().items.find((s: { uid: string }) => s.uid === uid).joined).toBe(
      true,
    );
    expect(await auditOf(uid)).toEqual([
      expect.objectContaining({
        action: "staff.invite",
        actorId: ownerId,
        after: { email, roles: ["finance", "support"] },
      }),
    ]);
  });

  it("refuses an invitation to a taken address, names bad fields, and is for owners only", async () => {
    const { input } = await signUpVerified(t.app);
    const taken = await owner.post(API.adminStaffInvitations, {
      email: input.email,
      firstName: "A",
      lastName: "B",
      roles: ["support"],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual([
      { field: "email", message: "This address already has a Helio account" },
    ]);
    const bad = await owner.post(API.adminStaffInvitations, {
      email: "x@y.test",
      firstName: "A",
      lastName: "B",
      roles: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe("roles");
    const unknownRole = await owner.post(API.adminStaffInvitations, {
      email: "x@y.test",
      firstName: "A",
      lastName: "B",
      roles: ["janitor"],
    });
    expect(unknownRole.statusCode).toBe(400);

    const { client: finance } = await staffWith(["finance"]);
    const refused = await finance.post(API.adminStaffInvitations, {
      email: "z@y.test",
      firstName: "A",
      lastName: "B",
      roles: ["owner"],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "STAFF_ROLE_REQUIRED",
      message: "This needs one of these roles: Owner.",
    });
    const { client: member } = await signUpVerified(t.app);
    expect((await member.get(API.adminStaff)).statusCode).toBe(404);
  });

  it("changes roles (audited) and keeps one active owner, the environment's admin among them", async () => {
    const { client, member } = await staffWith(["support"]);
    const changed = await owner.put(API.adminStaffRoles(member.uid), { roles: ["compliance", "auditor"] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().roles).toEqual(["compliance", "auditor"]);
    expect((await client.get(API.adminStaffMe)).json().roles).toEqual(["compliance", "auditor"]);
    // Saving the same roles again records nothing.
    expect((await owner.put(API.adminStaffRoles(member.uid), { roles: ["auditor", "compliance"] })).statusCode).toBe(
      200,
    );
    expect(await auditOf(member.uid)).toEqual([
      expect.objectContaining({
        action: "staff.roles",
        actorId: ownerId,
        before: { roles: ["support"] },
        after: { roles: ["compliance", "auditor"] },
      }),
    ]);

    const envAdmin = await owner.put(API.adminStaffRoles(ownerId), { roles: ["auditor"] });
    expect(envAdmin.statusCode).toBe(409);
    expect(envAdmin.json().error.message).toContain("ADMIN_EMAIL");
    expect((await owner.put(API.adminStaffStatus(ownerId), { disabled: true })).statusCode).toBe(409);
    expect((await owner.put(API.adminStaffRoles("nobody"), { roles: ["auditor"] })).statusCode).toBe(404);
  });

  it("disables staff: their sessions end and no back-office call works until enabled again", async () => {
    const { client, member, input } = await staffWith(["owner"]);
    // An owner cannot disable themselves.
    expect((await client.put(API.adminStaffStatus(member.uid), { disabled: true })).statusCode).toBe(409);
    const disabled = await owner.put(API.adminStaffStatus(member.uid), { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().disabled).toBe(true);
    expect((await client.get(API.adminStaffMe)).statusCode).toBe(404); // signed out: admin routes say 404
    const { client: again } = await signIn(t.app, input.email, input.password);
    const refused = await again.get(API.adminDashboard);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("STAFF_DISABLED");

    expect((await owner.put(API.adminStaffStatus(member.uid), { disabled: false })).statusCode).toBe(200);
    expect((await again.get(API.adminDashboard)).statusCode).toBe(200);
    expect((await auditOf(member.uid)).map((a) => a.action)).toEqual(["staff.enable", "staff.disable"]);
  });

  it("lets each role change only its own settings fields", async () => {
    const { client: desk } = await staffWith(["trading_desk"]);
    const current = (await desk.get(API.adminSettings)).json() as SettingsJson;
    // An amount is compared by its value: the same one written as a JSON integer is no change.
    const trading = await desk.put(API.adminSettings, {
      ...current,
      tradeOpenLimit: current.tradeOpenLimit + 1,
      depositMinMicrocents: Number(current.depositMinMicrocents),
    });
    expect(trading.statusCode, trading.body).toBe(200);
    const saved = trading.json() as SettingsJson;
    const finer = await desk.put(API.adminSettings, {
      ...saved,
      depositMinMicrocents: String(BigInt(saved.depositMinMicrocents) + 1n),
    });
    expect(finer.statusCode).toBe(403);
    expect(finer.json().error).toMatchObject({
      code: "STAFF_ROLE_REQUIRED",
      fields: [{ field: "depositMinMicrocents", message: "Your roles may not change this setting" }],
    });
    const bank = await desk.put(API.adminSettings, {
      ...saved,
      transferInstructions: { ...current.transferInstructions, bankName: "Desk Bank" },
    });
    expect(bank.statusCode).toBe(403);
    expect(bank.json().error).toMatchObject({
      code: "STAFF_ROLE_REQUIRED",
      fields: [{ field: "transferInstructions", message: "Your roles may not change this setting" }],
    });
    const { client: finance } = await staffWith(["finance"]);
    const fee = await finance.put(API.adminSettings, { ...saved, withdrawalFeeBps: 150 });
    expect(fee.statusCode).toBe(200);
    const restored = await owner.put(API.adminSettings, { ...current, revision: fee.json().revision });
    expect(restored.statusCode).toBe(200);
  });

  it("resets a member's two-factor only once the member confirms by mail, audited", async () => {
    const { client, member, input } = await signUpVerified(t.app);
    const enable = await client.post("/api/auth/two-factor/enable", { password: input.password });
    const secret = new URL(enable.json().totpURI).searchParams.get("secret") as string;
    expect(
      (await client.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) })).statusCode,
    ).toBe(200);
    const { client: support } = await staffWith(["support"]);
    expect((await support.post(API.adminMemberTwoFactorReset(member.uid))).statusCode).toBe(403);
    const { client: compliance, member: officer } = await staffWith(["compliance"]);
    const asked = await compliance.post(API.adminMemberTwoFactorReset(member.uid));
    expect(asked.json()).toEqual({ mailedTo: input.email });
    // Nothing changes before the member confirms.
    expect((await client.get(API.me)).json().twoFactorEnabled).toBe(true);
    const mail = await latestMail(t.app, input.email);
    expect(mail.subject).toBe("Confirm the reset of your Helio two-factor");
    const token = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? "").searchParams.get("token");
    const anyone = new Client(t.app);
    expect((await anyone.post(API.twoFactorResetConfirm, { token: "x".repeat(43) })).json().error.code).toBe(
      "INVALID_TOKEN",
    );
    expect((await anyone.post(API.twoFactorResetConfirm, { token: "bad token" })).statusCode).toBe(400);
    expect((await anyone.post(API.twoFactorResetConfirm, { token })).json()).toEqual({ ok: true });
    expect((await anyone.post(API.twoFactorResetConfirm, { token })).statusCode).toBe(400);
    expect((await client.get(API.me)).json().twoFactorEnabled).toBe(false);
    // The password alone signs in again.
    expect((await signIn(t.app, input.email, input.password)).res.json()).not.toHaveProperty("twoFactorRedirect");
    expect((await auditOf(member.uid)).map((a) => [a.action, a.actorId])).toEqual([
      ["member.two_factor_reset", member.uid],
      ["member.two_factor_reset_request", officer.uid],
    ]);
    expect((await compliance.post(API.adminMemberTwoFactorReset(member.uid))).statusCode).toBe(409);
  });

  it("answers every admin operation of the OpenAPI document by role: allowed ones never 403 for the role, the rest 403", async () => {
    const doc = (await new Client(t.app).get("/api/openapi.json")).json() as {
      paths: Record<string, Record<string, { "x-roles"?: StaffRole[]; description?: string }>>;
    };
    const { member } = await signUpVerified(t.app);
    const byRole = new Map<StaffRole, Client>();
    for (const role of STAFF_ROLES) byRole.set(role, (await staffWith([role])).client);
    const placeholders: Record<string, string> = {
      uid: member.uid,
      id: "00000000-0000-4000-8000-000000000000",
      chatId: "00000000-0000-4000-8000-000000000000",
      doc: "front",
    };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/admin/"))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(40);
    for (const { path, method, op } of operations) {
      const roles = op["x-roles"];
      expect(roles, `${method} ${path} declares its roles`).toBeDefined();
      expect(op.description).toContain("Staff roles:");
      expect(roles).toContain("owner");
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(placeholders[name] ?? "x"));
      for (const role of STAFF_ROLES) {
        const client = byRole.get(role) as Client;
        const res = await client.request({
          method: method.toUpperCase() as "GET",
          url,
          ...(method === "get" || method === "delete" ? {} : { json: {} }),
        });
        const what = `${role}: ${method.toUpperCase()} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        const code = res.statusCode === 403 ? res.json().error.code : null;
        if ((roles as StaffRole[]).includes(role)) expect(code, what).not.toBe("STAFF_ROLE_REQUIRED");
        else expect([res.statusCode, code], what).toEqual([403, "STAFF_ROLE_REQUIRED"]);
      }
    }
  }, 180_000); // a request per admin operation and role: seconds alone, minutes on a loaded machine
});

describe("staff two-factor", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { env: { STAFF_TWO_FACTOR: "required" } });
  });
  afterAll(async () => t?.close());

  it("refuses every back-office call until the staff account turns two-factor on", async () => {
    const owner = await signInAdmin(t.app);
    const refused = await owner.get(API.adminStaffMe);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "TWO_FACTOR_SETUP_REQUIRED",
      message: "Turn on two-factor authentication on the Security page before using the back office.",
    });
    expect((await owner.get(API.adminDashboard)).json().error.code).toBe("TWO_FACTOR_SETUP_REQUIRED");
    // Its own account pages stay open: that is where two-factor is set up.
    const enable = await owner.post("/api/auth/two-factor/enable", { password: ADMIN.password });
    expect(enable.statusCode).toBe(200);
    const secret = new URL(enable.json().totpURI).searchParams.get("secret") as string;
    const verify = await owner.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) });
    expect(verify.statusCode).toBe(200);
    expect((await owner.get(API.adminStaffMe)).json()).toEqual({ roles: ["owner"] });
    expect((await owner.get(API.adminDashboard)).statusCode).toBe(200);
    // A member is still answered 404, as on every admin route.
    const { client } = await signUpVerified(t.app);
    expect((await client.get(API.adminStaffMe)).statusCode).toBe(404);
  });
});
