import { API } from "@helio/shared";
import { authenticator } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  randomIp,
  signIn,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";

type SessionItem = { id: string; token: string; ipAddress: string | null; userAgent: string | null; createdAt: string };

describe.each(databaseKinds)("security on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  /** A verified member with TOTP on; returns the secret and backup codes. */
  async function withTwoFactor() {
    const account = await signUpVerified(t.app);
    const enable = await account.client.post("/api/auth/two-factor/enable", { password: account.input.password });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("Helio");
    const secret = uri.searchParams.get("secret") as string;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    // Not on until a first code confirms it.
    expect((await account.client.get(API.me)).json().twoFactorEnabled).toBe(false);
    const verify = await account.client.post("/api/auth/two-factor/verify-totp", {
      code: authenticator.generate(secret),
    });
    expect(verify.statusCode).toBe(200);
    return { ...account, secret, backupCodes };
  }

  describe("two-factor sign-in", () => {
    it("turns TOTP on only after a valid code", async () => {
      const { client, input } = await signUpVerified(t.app);
      const wrongPassword = await client.post("/api/auth/two-factor/enable", { password: "not-my-password" });
      expect(wrongPassword.statusCode).toBe(400);
      expect((await client.post("/api/auth/two-factor/enable", { password: input.password })).statusCode).toBe(200);
      const wrong = await client.post("/api/auth/two-factor/verify-totp", { code: "000000" });
      expect(wrong.statusCode).toBe(401);
      expect((await client.get(API.me)).json().twoFactorEnabled).toBe(false);
      // Still a one-step sign-in.
      const again = await signIn(t.app, input.email, input.password);
      expect(again.res.json().twoFactorRedirect).toBeUndefined();
      expect((await again.client.get(API.me)).statusCode).toBe(200);
    });

    it("asks for a TOTP code after the password, and opens no session before it", async () => {
      const { client, input, secret, member } = await withTwoFactor();
      expect((await client.get(API.me)).json()).toMatchObject({ uid: member.uid, twoFactorEnabled: true });

      const { client: second, res } = await signIn(t.app, input.email, input.password);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: expect.any(Array) });
      expect((await second.get(API.me)).statusCode).toBe(401);
      expect((await second.get("/api/auth/get-session")).json()).toBeNull();

      const wrong = await second.post("/api/auth/two-factor/verify-totp", {
        code: "123456" === authenticator.generate(secret) ? "654321" : "123456",
      });
      expect(wrong.statusCode).toBe(401);
      expect((await second.get(API.me)).statusCode).toBe(401);

      const ok = await second.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) });
      expect(ok.statusCode).toBe(200);
      expect((await second.get(API.me)).json()).toMatchObject({ uid: member.uid, twoFactorEnabled: true });

      // Without the 2FA cookie from the password step, a code alone opens nothing.
      const stranger = new Client(t.app);
      expect(
        (await stranger.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) })).statusCode,
      ).toBe(401);
      expect((await stranger.get(API.me)).statusCode).toBe(401);
    });

    it("accepts each backup code once", async () => {
      const { input, backupCodes, member } = await withTwoFactor();
      const code = backupCodes[0] as string;
      const first = await signIn(t.app, input.username, input.password);
      expect(first.res.json().twoFactorRedirect).toBe(true);
      expect((await first.client.post("/api/auth/two-factor/verify-backup-code", { code })).statusCode).toBe(200);
      expect((await first.client.get(API.me)).json().uid).toBe(member.uid);

      const second = await signIn(t.app, input.username, input.password);
      const reuse = await second.client.post("/api/auth/two-factor/verify-backup-code", { code });
      expect(reuse.statusCode).toBe(401);
      expect((await second.client.get(API.me)).statusCode).toBe(401);
      expect(
        (await second.client.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1] })).statusCode,
      ).toBe(200);
      expect((await second.client.get(API.me)).statusCode).toBe(200);
    });

    it("issues backup codes without look-alike characters and accepts them in any case, with or without the dash", async () => {
      const { input, backupCodes, member } = await withTwoFactor();
      for (const code of backupCodes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
      const typed = [
        (backupCodes[0] as string).toLowerCase(),
        (backupCodes[1] as string).replace("-", ""),
        ` ${(backupCodes[2] as string).toLowerCase().replace("-", " ")} `,
      ];
      for (const code of typed) {
        const attempt = await signIn(t.app, input.username, input.password);
        const verified = await attempt.client.post("/api/auth/two-factor/verify-backup-code", { code });
        expect(verified.statusCode, code).toBe(200);
        expect((await attempt.client.get(API.me)).json().uid).toBe(member.uid);
      }
      const again = await signIn(t.app, input.username, input.password);
      const reuse = await again.client.post("/api/auth/two-factor/verify-backup-code", {
        code: (backupCodes[0] as string).replace("-", ""),
      });
      expect(reuse.statusCode).toBe(401);
    });

    it("records turning TOTP on or off as no sign-in, and keeps the session's sign-in time", async () => {
      const { client, input } = await signUpVerified(t.app);
      const signIns = async () => (await client.get(API.signIns)).json().items as { createdAt: string }[];
      const sessions = async () => (await client.get("/api/auth/list-sessions")).json() as SessionItem[];
      // The verification link's automatic sign-in: the member signed in once.
      const [signedIn] = await signIns();
      const [session] = await sessions();
      expect(signedIn).toBeDefined();
      expect(session).toBeDefined();

      const enable = await client.post("/api/auth/two-factor/enable", { password: input.password });
      const secret = new URL(enable.json().totpURI).searchParams.get("secret") as string;
      await new Promise((resolve) => setTimeout(resolve, 20)); // a later sign-in would have a later time
      const verify = await client.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) });
      expect(verify.statusCode).toBe(200);
      expect((await client.get(API.me)).json().twoFactorEnabled).toBe(true);
      expect(await signIns()).toEqual([signedIn]);
      // better-auth replaced the session (a new token); it still says when the member signed in.
      const [replaced, ...others] = await sessions();
      expect(others).toEqual([]);
      expect(replaced?.token).not.toBe(session?.token);
      expect(replaced?.createdAt).toBe(session?.createdAt);
      // A two-factor sign-in (password, then code) is one.
      const phone = await signIn(t.app, input.email, input.password);
      expect(phone.res.json().twoFactorRedirect).toBe(true);
      const code = { code: authenticator.generate(secret) };
      expect((await phone.client.post("/api/auth/two-factor/verify-totp", code)).statusCode).toBe(200);
      expect(await signIns()).toHaveLength(2);

      expect((await client.post("/api/auth/two-factor/disable", { password: input.password })).statusCode).toBe(200);
      expect(await signIns()).toHaveLength(2);
      expect((await sessions()).map((s) => s.createdAt)).toContain(session?.createdAt);
    });

    it("turns TOTP off with the password", async () => {
      const { client, input } = await withTwoFactor();
      expect((await client.post("/api/auth/two-factor/disable", { password: "wrong-password-x" })).statusCode).toBe(
        400,
      );
      expect((await client.get(API.me)).json().twoFactorEnabled).toBe(true);
      expect((await client.post("/api/auth/two-factor/disable", { password: input.password })).statusCode).toBe(200);
      expect((await client.get(API.me)).json().twoFactorEnabled).toBe(false);
      const again = await signIn(t.app, input.email, input.password);
      expect(again.res.json().twoFactorRedirect).toBeUndefined();
      expect((await again.client.get(API.me)).statusCode).toBe(200);
    });
  });

  describe("sessions", () => {
    const listSessions = async (client: Client) => {
      const res = await client.get("/api/auth/list-sessions");
      expect(res.statusCode).toBe(200);
      return res.json() as SessionItem[];
    };

    it("lists every session with its address and browser, and revokes the others", async () => {
      const { input, client: first } = await signUpVerified(t.app);
      const ipA = randomIp();
      const ipB = randomIp();
      const laptop = await signIn(
        t.app,
        input.email,
        input.password,
        new Client(t.app, undefined, { ip: ipA, userAgent: "Laptop/1.0" }),
      );
      const phone = new Client(t.app, undefined, { ip: ipB, userAgent: "Phone/2.0" });
      // A client cannot choose its recorded address.
      await phone.request({
        method: "POST",
        url: "/api/auth/sign-in/email",
        json: { email: input.email, password: input.password },
        headers: { "x-forwarded-for": "203.0.113.9", "x-helio-client-ip": "203.0.113.10" },
      });

      const sessions = await listSessions(laptop.client);
      expect(sessions).toHaveLength(3);
      expect(sessions).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ ipAddress: ipA, userAgent: "Laptop/1.0" }),
          expect.objectContaining({ ipAddress: ipB, userAgent: "Phone/2.0" }),
        ]),
      );

      const revoke = await laptop.client.post("/api/auth/revoke-other-sessions");
      expect(revoke.statusCode).toBe(200);
      const left = await listSessions(laptop.client);
      expect(left).toHaveLength(1);
      expect(left[0]).toMatchObject({ ipAddress: ipA, userAgent: "Laptop/1.0" });
      expect((await phone.get(API.me)).statusCode).toBe(401);
      expect((await first.get(API.me)).statusCode).toBe(401);
      expect((await laptop.client.get(API.me)).statusCode).toBe(200);
    });

    it("revokes one session by its token", async () => {
      const { input, client } = await signUpVerified(t.app);
      const other = await signIn(
        t.app,
        input.email,
        input.password,
        new Client(t.app, undefined, { userAgent: "Other/1.0" }),
      );
      const target = (await listSessions(client)).find((s) => s.userAgent === "Other/1.0");
      expect(target).toBeDefined();
      expect((await client.post("/api/auth/revoke-session", { token: target?.token })).statusCode).toBe(200);
      expect((await other.client.get(API.me)).statusCode).toBe(401);
      expect((await client.get(API.me)).statusCode).toBe(200);
      expect(await listSessions(client)).toHaveLength(1);
    });

    it("signs other sessions out when the password changes", async () => {
      const { input, client } = await signUpVerified(t.app);
      const other = await signIn(t.app, input.email, input.password);
      expect((await other.client.get(API.me)).statusCode).toBe(200);

      const wrong = await client.post("/api/auth/change-password", {
        currentPassword: "not-the-password",
        newPassword: "a-new-password-1",
        revokeOtherSessions: true,
      });
      expect(wrong.statusCode).toBe(400);
      expect((await other.client.get(API.me)).statusCode).toBe(200);

      const newPassword = "a-new-password-1";
      const res = await client.post("/api/auth/change-password", {
        currentPassword: input.password,
        newPassword,
        revokeOtherSessions: true,
      });
      expect(res.statusCode).toBe(200);
      expect((await other.client.get(API.me)).statusCode).toBe(401);
      expect((await client.get(API.me)).statusCode).toBe(200);
      expect(await listSessions(client)).toHaveLength(1);
      // The session it gave this tab is no sign-in: registering's and the other tab's only.
      expect((await client.get(API.signIns)).json().items).toHaveLength(2);
      expect((await signIn(t.app, input.email, input.password)).res.statusCode).toBe(401);
      expect((await signIn(t.app, input.email, newPassword)).res.statusCode).toBe(200);
    });
  });

  it("lists the member's own recent sign-ins, newest first", async () => {
    const ada = await signUpVerified(t.app);
    const bob = await signUpVerified(t.app, { firstName: "Bob" });
    const ip = randomIp();
    for (const agent of ["First/1", "Second/2", "Third/3"]) {
      const { res } = await signIn(
        t.app,
        ada.input.email,
        ada.input.password,
        new Client(t.app, undefined, { ip, userAgent: agent }),
      );
      expect(res.statusCode).toBe(200);
    }
    // A failed sign-in is not a sign-in.
    await signIn(
      t.app,
      ada.input.email,
      "wrong-password-9",
      new Client(t.app, undefined, { ip, userAgent: "Failed/0" }),
    );

    const res = await ada.client.get(API.signIns);
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as {
      items: { id: string; ipAddress: string | null; userAgent: string | null; createdAt: string }[];
    };
    // The verification link's automatic sign-in, then three.
    expect(items).toHaveLength(4);
    expect(items.slice(0, 3).map((i) => [i.userAgent, i.ipAddress])).toEqual([
      ["Third/3", ip],
      ["Second/2", ip],
      ["First/1", ip],
    ]);
    const times = items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const bobs = (await bob.client.get(API.signIns)).json().items as { id: string }[];
    expect(bobs).toHaveLength(1);
    expect(bobs.map((i) => i.id)).not.toContain(items[0]?.id);
    expect((await new Client(t.app).get(API.signIns)).statusCode).toBe(401);
  });
});
