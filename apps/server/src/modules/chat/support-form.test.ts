import { API, chatIdOf } from "@helio/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  changeSettings,
  createTestApp,
  databaseKinds,
  randomIp,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { SUPPORT_FORM_MAX } from "./support-form.ts";

describe.each(databaseKinds)("support for a member who cannot sign in (%s)", (kind) => {
  let t: TestApp;
  let admin: Client;
  let supportId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signInAdmin(t.app);
    supportId = (await admin.get(API.me)).json().uid;
  }, 180_000);
  afterAll(async () => t?.close());

  const messagesOf = async (uid: string) =>
    ((await admin.get(API.adminChatMessages(chatIdOf(uid, supportId)))).json().items ?? []) as { text: string }[];
  const stranger = () => new Client(t.app, undefined, { ip: randomIp() });

  it("names the support address of the settings, signed out", async () => {
    expect((await stranger().get(API.supportContact)).json()).toEqual({ supportEmail: "" });
    const previous = await changeSettings(admin, { supportEmail: "help@helio.test" });
    try {
      expect((await stranger().get(API.supportContact)).json()).toEqual({ supportEmail: "help@helio.test" });
    } finally {
      await changeSettings(admin, previous);
    }
  });

  it("puts a blocked member's message in their support chat, and answers every sender alike", async () => {
    const blocked = await signUpVerified(t.app);
    const active = await signUpVerified(t.app);
    expect((await admin.post(API.adminMemberStatus(blocked.member.uid), { action: "block" })).statusCode).toBe(200);
    const ask = (email: string) =>
      stranger().post(API.supportRequests, { email, message: "Please tell me why my account was blocked." });

    const answers = [
      await ask(blocked.input.email.toUpperCase()),
      await ask(active.input.email),
      await ask("nobody@example.test"),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(JSON.stringify({ received: true }));
    }
    await expect
      .poll(async () => (await messagesOf(blocked.member.uid)).map((m) => m.text))
      .toEqual([expect.stringContaining("Please tell me why my account was blocked.")]);
    // Only a blocked member's chat opens: an active member signs in to write.
    expect(await messagesOf(active.member.uid)).toEqual([]);
  });

  it("checks the form and limits how often one address sends it", async () => {
    const client = stranger();
    const bad = await client.post(API.supportRequests, { email: "not-an-address", message: "short" });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(["email", "message"]);
    const body = { email: "someone@example.test", message: "A message long enough to be sent." };
    const codes: number[] = [];
    for (let i = 0; i < SUPPORT_FORM_MAX; i++) codes.push((await client.post(API.supportRequests, body)).statusCode);
    expect(codes.filter((c) => c === 202).length).toBeLessThanOrEqual(SUPPORT_FORM_MAX);
    expect((await client.post(API.supportRequests, body)).statusCode).toBe(429);
  });
});
