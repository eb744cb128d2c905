import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { API } from "@helio/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  createTestApp,
  databaseKinds,
  multipartFile,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";

const png = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: "#f15a29" } })
    .png()
    .toBuffer();

describe.each(databaseKinds)("profile on %s", (kind) => {
  let t: TestApp;
  let pngData: Buffer;
  beforeAll(async () => {
    t = await createTestApp(kind);
    pngData = await png();
  });
  afterAll(async () => t?.close());

  const avatarDir = () => path.join(t.config.dataDir, "files", "avatars");
  const fileOf = (photoURL: string) => path.join(avatarDir(), photoURL.split("/").pop() as string);
  const upload = (client: Client, file: { filename: string; contentType: string; data: Buffer; field?: string }) => {
    const { payload, headers } = multipartFile(file);
    return client.request({ method: "POST", url: API.avatar, payload, headers });
  };

  it("validates the profile and names each bad field", async () => {
    const { client } = await signUpVerified(t.app);
    const empty = await client.put(API.profile, { firstName: "", lastName: "Byron", currency: "USD" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe("VALIDATION_FAILED");
    expect(empty.json().error.fields.map((f: { field: string }) => f.field)).toEqual(["firstName"]);

    const currency = await client.put(API.profile, { firstName: "Ada", lastName: "Byron", currency: "XXX" });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().error.fields.map((f: { field: string }) => f.field)).toEqual(["currency"]);

    const blank = await client.put(API.profile, { firstName: "   ", lastName: "x".repeat(61), currency: "USD" });
    expect(
      blank
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(["firstName", "lastName"]);

    const missing = await client.put(API.profile, {});
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(["currency", "firstName", "lastName"]);

    // Nothing was written.
    expect((await client.get(API.me)).json()).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      currency: "USD",
    });
  });

  it("updates names, full name and display currency", async () => {
    const { client, member } = await signUpVerified(t.app);
    const res = await client.put(API.profile, { firstName: "  Augusta ", lastName: "King", currency: "JPY" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uid: member.uid,
      firstName: "Augusta",
      lastName: "King",
      fullName: "Augusta King",
      currency: "JPY",
    });
    expect((await client.get(API.me)).json()).toMatchObject({
      firstName: "Augusta",
      lastName: "King",
      fullName: "Augusta King",
      currency: "JPY",
    });
    // Admins see the new name too.
    const admin = await signInAdmin(t.app);
    expect((await admin.get(API.adminMember(member.uid))).json()).toMatchObject({
      fullName: "Augusta King",
      currency: "JPY",
    });
    // The role and flags cannot be smuggled in.
    await client.put(API.profile, { firstName: "A", lastName: "K", currency: "USD", role: "admin", userTrading: true });
    expect((await client.get(API.me)).json()).toMatchObject({ role: "member", userTrading: false });
    expect((await client.put(API.profile, { firstName: "A", lastName: "K", currency: "USD" })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: API.profile,
          payload: { firstName: "A", lastName: "K", currency: "USD" },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("keeps the member's language on the account, one of ours only", async () => {
    const { client } = await signUpVerified(t.app);
    expect((await client.get(API.me)).json().locale).toBeNull();

    const chosen = await client.put(API.profileLocale, { locale: "ar" });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().locale).toBe("ar");
    expect((await client.get(API.me)).json().locale).toBe("ar");

    const unknown = await client.put(API.profileLocale, { locale: "fr" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.map((f: { field: string }) => f.field)).toEqual(["locale"]);
    // Not through the profile form either.
    await client.put(API.profile, { firstName: "A", lastName: "K", currency: "USD", locale: "ko" });
    expect((await client.get(API.me)).json().locale).toBe("ar");

    const signedOut = await t.app.inject({ method: "PUT", url: API.profileLocale, payload: { locale: "ja" } });
    expect(signedOut.statusCode).toBeGreaterThanOrEqual(401);
    expect(signedOut.statusCode).toBeLessThanOrEqual(403);
  });

  it("stores an uploaded photo as a 256×256 WebP under a random name", async () => {
    const { client } = await signUpVerified(t.app);
    const res = await upload(client, { filename: "me.png", contentType: "image/png", data: pngData });
    expect(res.statusCode).toBe(200);
    const photoURL = res.json().photoURL as string;
    expect(photoURL).toMatch(
      /^\/api\/files\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/,
    );
    expect((await client.get(API.me)).json().photoURL).toBe(photoURL);

    const file = await client.get(photoURL);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    // The brand colour survived the re-encoding.
    const { dominant } = await sharp(file.rawPayload).stats();
    expect(Math.abs(dominant.r - 0xf1) + Math.abs(dominant.g - 0x5a) + Math.abs(dominant.b - 0x29)).toBeLessThan(40);

    expect(fs.existsSync(fileOf(photoURL))).toBe(true);
    expect(fs.readFileSync(fileOf(photoURL)).equals(file.rawPayload)).toBe(true);

    // Another signed-in member can see it (chat shows avatars); an unknown name is 404, a bad one 400.
    const { client: other } = await signUpVerified(t.app);
    expect((await other.get(photoURL)).statusCode).toBe(200);
    expect((await other.get(`${API.files}/avatars/${randomUUID()}.webp`)).statusCode).toBe(404);
    expect((await other.get(`${API.files}/avatars/..%2F..%2Fauth-secret`)).statusCode).toBe(400);
  });

  it("judges a photo by its content, not its name or declared type", async () => {
    const { client } = await signUpVerified(t.app);
    const webp = await sharp(pngData).webp().toBuffer();
    expect((await upload(client, { filename: "photo.txt", contentType: "text/plain", data: webp })).statusCode).toBe(
      200,
    );

    const before = fs.readdirSync(avatarDir()).length;
    const text = await upload(client, {
      filename: "photo.png",
      contentType: "image/png",
      data: Buffer.from("just some text, not an image\n".repeat(20)),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({ code: "UNSUPPORTED_FILE", fields: [{ field: "file" }] });

    const gif = await sharp(pngData).gif().toBuffer();
    const gifRes = await upload(client, { filename: "photo.png", contentType: "image/png", data: gif });
    expect(gifRes.statusCode).toBe(400);
    expect(gifRes.json().error.code).toBe("UNSUPPORTED_FILE");

    // A PNG header over garbage is caught when decoding.
    const broken = Buffer.concat([pngData.subarray(0, 64), Buffer.alloc(2048, 7)]);
    const brokenRes = await upload(client, { filename: "photo.png", contentType: "image/png", data: broken });
    expect(brokenRes.statusCode).toBe(400);
    expect(brokenRes.json().error.code).toBe("UNSUPPORTED_FILE");

    expect(fs.readdirSync(avatarDir()).length).toBe(before);
  });

  it("refuses a photo over 2 MB with 413", async () => {
    const { client } = await signUpVerified(t.app);
    const big = Buffer.concat([pngData, Buffer.alloc(2 * 1024 * 1024 + 1 - pngData.length, 1)]);
    const res = await upload(client, { filename: "big.png", contentType: "image/png", data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("PAYLOAD_TOO_LARGE");
    expect((await client.get(API.me)).json().photoURL).toBeNull();
  });

  it("asks for a file when none is attached", async () => {
    const { client } = await signUpVerified(t.app);
    const boundary = "----helio-empty";
    const res = await client.request({
      method: "POST",
      url: API.avatar,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ field: "file", message: "Attach an image" }]);
    const json = await client.post(API.avatar, { file: "x" });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it("removes the previous photo when a new one is uploaded", async () => {
    const { client } = await signUpVerified(t.app);
    const first = (await upload(client, { filename: "a.png", contentType: "image/png", data: pngData })).json()
      .photoURL as string;
    expect(fs.existsSync(fileOf(first))).toBe(true);
    const second = (
      await upload(client, { filename: "b.png", contentType: "image/png", data: await png(300, 900) })
    ).json().photoURL as string;
    expect(second).not.toBe(first);
    expect(fs.existsSync(fileOf(second))).toBe(true);
    expect(fs.existsSync(fileOf(first))).toBe(false);
    expect((await client.get(first)).statusCode).toBe(404);
    expect((await client.get(API.me)).json().photoURL).toBe(second);
  });

  it("serves photos and takes uploads only with a session", async () => {
    const { client } = await signUpVerified(t.app);
    const photoURL = (await upload(client, { filename: "a.png", contentType: "image/png", data: pngData })).json()
      .photoURL as string;
    const anonymous = await t.app.inject({ url: photoURL });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe("UNAUTHENTICATED");
    const { payload, headers } = multipartFile({ filename: "a.png", contentType: "image/png", data: pngData });
    const anonUpload = await t.app.inject({
      method: "POST",
      url: API.avatar,
      payload,
      headers: { ...headers, origin: "http://localhost:3000" },
    });
    expect(anonUpload.statusCode).toBe(401);
  });
});
