import { API } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  databaseKinds,
  Client as HttpClient,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import {
  adultBirthDate,
  captureMessages,
  expectError,
  expectSoundLedger,
  type FormFile,
  gif,
  jpeg,
  kycForm,
  moneyApp,
  multipartForm,
  pdf,
  png,
  postForm,
} from "../../../test/money.ts";

describe.each(databaseKinds)("KYC on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const submit = async (client: Client, overrides: Record<string, string> = {}, files?: FormFile[]) =>
    postForm(client, API.kyc, await kycForm(overrides, files));
  const images = async () => ({
    idFront: { field: "idFront", filename: "f.png", contentType: "image/png", data: await png() },
    idBack: { field: "idBack", filename: "b.png", contentType: "image/png", data: await png(16, "#00ff00") },
    selfie: { field: "selfie", filename: "s.jpg", contentType: "image/jpeg", data: await jpeg() },
  });

  it("starts not submitted, then pending with the documents, pushed live", async () => {
    const { client, member } = await signUpVerified(t.app);
    expect((await client.get(API.kyc)).json()).toEqual({
      status: "not_submitted",
      reason: null,
      submittedAt: null,
      reviewedAt: null,
      submission: null,
    });
    const pushed = captureMessages(t.app, member.uid);
    const res = await submit(client, { country: "id" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: "pending",
      submission: {
        legalName: "Ada Lovelace",
        dateOfBirth: adultBirthDate,
        country: "ID",
        idType: "national_id",
        idNumber: "AB123456",
        documents: {
          idFront: { url: API.kycDocument("idFront"), contentType: "image/png", fileName: "front.png" },
          idBack: { url: API.kycDocument("idBack"), contentType: "image/jpeg" },
          selfie: { url: API.kycDocument("selfie"), contentType: "image/png" },
        },
      },
    });
    await expect.poll(() => pushed.messages).toEqual([{ type: "kyc.updated", status: "pending", reason: null }]);
    pushed.off();
    // Under review: no second submission.
    expectError(await submit(client), 409, "CONFLICT");
  });

  it("needs no back for a passport, and ignores one if sent", async () => {
    const { client } = await signUpVerified(t.app);
    const i = await images();
    const res = await submit(client, { idType: "passport" }, [i.idFront, i.selfie]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().submission.documents.idBack).toBeNull();
    const other = await signUpVerified(t.app);
    const withBack = await submit(other.client, { idType: "passport" }, [i.idFront, i.idBack, i.selfie]);
    expect(withBack.json().submission.documents.idBack).toBeNull();
    expectError(await other.client.get(API.kycDocument("idBack")), 404, "NOT_FOUND");
  });

  it("names every bad field and keeps nothing", async () => {
    const { client } = await signUpVerified(t.app);
    const i = await images();
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 18);
    young.setUTCDate(young.getUTCDate() + 2);
    const cases: [Record<string, string>, FormFile[] | undefined, string][] = [
      [{ legalName: "" }, undefined, "legalName"],
      [{ dateOfBirth: young.toISOString().slice(0, 10) }, undefined, "dateOfBirth"],
      [{ dateOfBirth: "31/12/1990" }, undefined, "dateOfBirth"],
      [{ dateOfBirth: "1990-02-30" }, undefined, "dateOfBirth"],
      [{ country: "XX" }, undefined, "country"],
      [{ country: "GBR" }, undefined, "country"],
      [{ idType: "visa" }, undefined, "idType"],
      [{ idNumber: "#" }, undefined, "idNumber"],
      [{}, [i.idFront, i.selfie], "idBack"],
      [{}, [i.idBack, i.selfie], "idFront"],
      [{}, [i.idFront, i.idBack], "selfie"],
    ];
    for (const [fields, files, field] of cases) {
      expectError(await submit(client, fields, files), 400, "VALIDATION_FAILED", field);
    }
    // An empty date or country is named as the form shows it; a malformed one gets the format.
    const messagesFor = async (fields: Record<string, string>) =>
      ((await submit(client, fields)).json().error.fields as { field: string; message: string }[]).map(
        (f) => `${f.field}: ${f.message}`,
      );
    expect(await messagesFor({ dateOfBirth: "", country: "" })).toEqual([
      "dateOfBirth: Enter your date of birth",
      "country: Choose your country",
    ]);
    expect(await messagesFor({ dateOfBirth: "31/12/1990", country: "GBR" })).toEqual([
      "dateOfBirth: A date like 1990-12-31",
      "country: A country code like US or ID (ISO 3166-1 alpha-2)",
    ]);
    // Files checked by content: a PDF, a GIF, text named .jpg.
    const bad: [Buffer, string][] = [
      [pdf(), "application/pdf"],
      [gif(), "image/png"],
      [Buffer.from("hello"), "image/jpeg"],
    ];
    for (const [data, contentType] of bad) {
      const files = [{ ...i.idFront, data, contentType }, i.idBack, i.selfie];
      expectError(await submit(client, {}, files), 400, "UNSUPPORTED_FILE", "idFront");
    }
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    expectError(
      await submit(client, {}, [i.idFront, i.idBack, { ...i.selfie, data: big }]),
      413,
      "PAYLOAD_TOO_LARGE",
      "selfie",
    );
    expectError(
      await submit(client, {}, [i.idFront, i.idBack, { ...i.selfie, field: "extra" }]),
      400,
      "VALIDATION_FAILED",
      "extra",
    );
    expectError(await submit(client, {}, [i.idFront, i.idBack, i.selfie, i.selfie]), 413, "PAYLOAD_TOO_LARGE");
    expectError(await client.post(API.kyc, {}), 400, "VALIDATION_FAILED");
    expect((await client.get(API.kyc)).json().status).toBe("not_submitted");
  });

  it("shows documents to the member and admins only", async () => {
    const { client, member } = await signUpVerified(t.app);
    const i = await images();
    await submit(client, {}, [i.idFront, i.idBack, i.selfie]);
    const own = await client.get(API.kycDocument("selfie"));
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/jpeg");
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect(own.rawPayload.equals(i.selfie.data)).toBe(true);
    const asAdmin = await admin.get(API.adminKycDocument(member.uid, "idFront"));
    expect(asAdmin.rawPayload.equals(i.idFront.data)).toBe(true);
    const stranger = await signUpVerified(t.app);
    expectError(await stranger.client.get(API.adminKycDocument(member.uid, "idFront")), 404, "NOT_FOUND");
    expectError(await stranger.client.get(API.kycDocument("idFront")), 404, "NOT_FOUND"); // their own: none
    expectError(await new HttpClient(t.app).get(API.kycDocument("idFront")), 401, "UNAUTHENTICATED");
    expectError(await client.get(API.kycDocument("passport")), 400, "VALIDATION_FAILED");
  });

  it("is reviewed from the queue: rejected with a reason, resubmitted, approved; audited and pushed", async () => {
    const { client, member } = await signUpVerified(t.app);
    const pushed = captureMessages(t.app, member.uid);
    await submit(client);
    const queue = (await admin.get(API.adminKyc)).json();
    const mine = queue.items.find((k: { member: { uid: string } }) => k.member.uid === member.uid);
    expect(mine).toMatchObject({
      status: "pending",
      submission: { documents: { idFront: { url: API.adminKycDocument(member.uid, "idFront") } } },
    });
    expectError(await admin.post(API.adminKycReject(member.uid), { reason: "" }), 400, "VALIDATION_FAILED", "reason");
    const rejected = await admin.post(API.adminKycReject(member.uid), { reason: "The photo is blurred" });
    expect(rejected.json()).toMatchObject({ status: "rejected", reason: "The photo is blurred" });
    expect((await client.get(API.kyc)).json()).toMatchObject({ status: "rejected", reason: "The photo is blurred" });
    expectError(await admin.post(API.adminKycApprove(member.uid), {}), 409, "CONFLICT");

    const oldFront = (await client.get(API.kycDocument("idFront"))).rawPayload;
    const again = await submit(client, { legalName: "Augusta Ada King" });
    expect(again.json()).toMatchObject({
      status: "pending",
      reason: null,
      submission: { legalName: "Augusta Ada King" },
    });
    expect((await client.get(API.kycDocument("idFront"))).rawPayload.equals(oldFront)).toBe(true); // same picture, new file

    const approved = await admin.post(API.adminKycApprove(member.uid), {});
    expect(approved.json()).toMatchObject({ status: "approved", reviewedAt: expect.any(String) });
    expect((await admin.post(API.adminKycApprove(member.uid), {})).statusCode).toBe(200);
    expectError(await submit(client), 409, "CONFLICT");
    expectError(await admin.post(API.adminKycReject(member.uid), { reason: "Changed mind" }), 409, "CONFLICT");

    const audit = (await admin.get(`${API.adminAudit}?targetUserId=${member.uid}`)).json();
    expect(audit.items.map((a: { action: string }) => a.action).filter((a: string) => a.startsWith("kyc."))).toEqual([
      "kyc.approve",
      "kyc.reject",
    ]);
    await expect
      .poll(() =>
        pushed.messages.map((m) => (m.type === "notification" ? (m.notification as { kind: string }).kind : m.status)),
      )
      .toEqual(["pending", "rejected", "kyc.rejected", "pending", "approved", "kyc.approved"]);
    pushed.off();
    expect(
      (await admin.get(`${API.adminKyc}?status=approved`))
        .json()
        .items.some((k: { member: { uid: string } }) => k.member.uid === member.uid),
    ).toBe(true);
    expectError(await admin.get(`${API.adminKyc}?status=not_submitted`), 400, "VALIDATION_FAILED", "status");
  });

  it("shows the member's real KYC status on the support inbox's member card", async () => {
    const { client, member } = await signUpVerified(t.app);
    const chatId = (await admin.get(API.adminMemberChat(member.uid))).json().chatId as string;
    const card = async () => (await admin.get(API.adminChat(chatId))).json().summary.kycStatus;
    expect(await card()).toBe("not_submitted");
    expect((await submit(client)).statusCode).toBe(201);
    expect(await card()).toBe("pending");
    await admin.post(API.adminKycReject(member.uid), { reason: "The photo is blurred" });
    expect(await card()).toBe("rejected");
    await submit(client);
    expect((await admin.post(API.adminKycApprove(member.uid), {})).statusCode).toBe(200);
    expect(await card()).toBe("approved");
  });

  it("answers 404 to members on the admin KYC routes, and for unknown members", async () => {
    const { client, member } = await signUpVerified(t.app);
    await submit(client);
    for (const res of [
      await client.get(API.adminKyc),
      await client.get(API.adminKycMember(member.uid)),
      await client.post(API.adminKycApprove(member.uid), {}),
      await client.post(API.adminKycReject(member.uid), { reason: "Nope nope" }),
    ]) {
      expectError(res, 404, "NOT_FOUND");
    }
    expect((await client.get(API.kyc)).json().status).toBe("pending");
    expectError(await admin.get(API.adminKycMember("no-such-member")), 404, "NOT_FOUND");
    expectError(await admin.post(API.adminKycApprove("no-such-member"), {}), 404, "NOT_FOUND");
    const fresh = await signUpVerified(t.app);
    expect((await admin.get(API.adminKycMember(fresh.member.uid))).json()).toMatchObject({ status: "not_submitted" });
    // An unknown multipart body is no crash.
    expectError(await postForm(client, API.kyc, multipartForm({ legalName: "x" })), 400, "VALIDATION_FAILED");
  });
});
