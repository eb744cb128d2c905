import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { API } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  createTestApp,
  databaseKinds,
  multipartFile,
  queryRows,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import {
  apiCents,
  expectSoundLedger,
  jpeg,
  kycForm,
  moneyApp,
  multipartForm,
  pdf,
  png,
  postForm,
} from "../../../test/money.ts";
import { closedPort, type S3TestServer, startS3Server } from "../../../test/s3.ts";
import { type FileStorage, StorageUnavailableError } from "./file-storage.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage, type S3FileStorage } from "./s3-storage.ts";

/** The app configured by STORAGE_URL alone, as an operator would: the wiring, end to end. */
describe.each(databaseKinds)("uploads with S3 storage on %s", (kind) => {
  const proofForm = (data: Buffer, contentType: string, filename: string) =>
    multipartForm({}, [{ field: "file", filename, contentType, data }]);
  const uploadProof = (client: Client, id: string, data: Buffer, contentType = "application/pdf", name = "r.pdf") =>
    postForm(client, API.depositProof(id), proofForm(data, contentType, name));
  const uploadAvatar = (client: Client, data: Buffer) => {
    const { payload, headers } = multipartFile({ filename: "me.png", contentType: "image/png", data });
    return client.request({ method: "POST", url: API.avatar, payload, headers });
  };
  const newInvoice = async (client: Client) => {
    const res = await client.post(API.deposits, { amountMicrocents: apiCents(25_000) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const proofKeyOf = async (t: TestApp, id: string) =>
    (
      await queryRows<{ proof_key: string | null }>(
        t.database,
        sql`select proof_key from deposit_invoices where id = ${id}`,
      )
    )[0]?.proof_key;

  describe("with the bucket reachable", () => {
    let server: S3TestServer;
    let bucket: S3FileStorage;
    let up: TestApp;
    beforeAll(async () => {
      server = await startS3Server();
      await server.createBucket("helio-api");
      bucket = createS3Storage(server.settings("helio-api", "uploads"));
      up = await moneyApp(kind, { STORAGE_URL: server.storageUrl("helio-api", "uploads") });
    });
    afterAll(async () => {
      bucket?.close();
      await up?.close();
      await server?.close();
    });

    it("stores proofs, KYC documents and photos in the bucket and streams them to those entitled", async () => {
      const admin = await signInAdmin(up.app);
      const { client, member } = await signUpVerified(up.app);
      const invoice = await newInvoice(client);
      const proof = pdf();
      const uploaded = await uploadProof(client, invoice.id, proof);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const key = (await proofKeyOf(up, invoice.id)) as string;
      expect(key).toMatch(/^deposits\/[0-9a-f-]{36}\.pdf$/);
      // In the bucket under the prefix; read back through our routes only.
      expect((await bucket.read(key))?.equals(proof)).toBe(true);
      expect((await client.get(API.depositProof(invoice.id))).rawPayload.equals(proof)).toBe(true);
      expect((await admin.get(API.depositProof(invoice.id))).rawPayload.equals(proof)).toBe(true);
      const stranger = await signUpVerified(up.app);
      expect((await stranger.client.get(API.depositProof(invoice.id))).statusCode).toBe(404);

      // A replaced proof leaves the bucket; approval credits the wallet as with local files.
      const photo = await jpeg();
      expect((await uploadProof(client, invoice.id, photo, "image/jpeg", "p.jpg")).statusCode).toBe(200);
      expect(await bucket.read(key)).toBeNull();
      expect((await admin.get(API.depositProof(invoice.id))).rawPayload.equals(photo)).toBe(true);
      expect((await admin.post(API.adminDepositApprove(invoice.id), {})).statusCode).toBe(200);
      expect((await client.get(API.wallet)).json().wallet).toBe(apiCents(25_000));

      const kyc = await postForm(client, API.kyc, await kycForm());
      expect(kyc.statusCode, kyc.body).toBe(201);
      const front = await admin.get(API.adminKycDocument(member.uid, "idFront"));
      expect(front.statusCode).toBe(200);
      expect(front.rawPayload.equals(await png(16, "#111111"))).toBe(true);

      const avatar = await uploadAvatar(client, await png(64));
      expect(avatar.statusCode, avatar.body).toBe(200);
      const photoURL = avatar.json().photoURL as string;
      const served = await client.get(photoURL);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect((await bucket.read(photoURL.replace(`${API.files}/`, "")))?.equals(served.rawPayload)).toBe(true);
      await expectSoundLedger(up.database);
    });
  });

  describe("with the bucket unreachable", () => {
    let down: TestApp;
    beforeAll(async () => {
      const port = await closedPort();
      down = await moneyApp(kind, { STORAGE_URL: `s3://key:secret@helio-api?endpoint=http://127.0.0.1:${port}` });
    });
    afterAll(async () => down?.close());

    it("answers a clean 503 when the bucket is unreachable, and writes nothing", async () => {
      const { client, member } = await signUpVerified(down.app);
      const invoice = await newInvoice(client);
      const ledgerBefore = await queryRows<{ n: number }>(
        down.database,
        sql`select count(*)::int as n from ledger_transactions`,
      );
      const unavailable = {
        error: {
          code: "UNAVAILABLE",
          message: "File storage is not reachable right now. Please try again in a moment.",
        },
      };

      const started = performance.now();
      const proof = await uploadProof(client, invoice.id, pdf());
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(proof.statusCode).toBe(503);
      expect(proof.json()).toEqual(unavailable);
      expect((await client.get(API.deposit(invoice.id))).json()).toMatchObject({
        status: "awaiting_payment",
        proof: null,
      });
      expect(await proofKeyOf(down, invoice.id)).toBeNull();

      const kyc = await postForm(client, API.kyc, await kycForm());
      expect(kyc.statusCode).toBe(503);
      expect(kyc.json()).toEqual(unavailable);
      expect((await client.get(API.kyc)).json().status).toBe("not_submitted");
      const kycRows = await queryRows(down.database, sql`select 1 from kyc_profiles where user_id = ${member.uid}`);
      expect(kycRows).toEqual([]);

      const avatar = await uploadAvatar(client, await png(64));
      expect(avatar.statusCode).toBe(503);
      expect((await client.get(API.me)).json().photoURL).toBeNull();

      // No money moved, the ledger is sound, and what needs no file still answers.
      expect(await queryRows(down.database, sql`select count(*)::int as n from ledger_transactions`)).toEqual(
        ledgerBefore,
      );
      expect((await client.get(API.wallet)).json().wallet).toBe("0");
      await expectSoundLedger(down.database);
    });
  });

  describe("with the store failing midway through a KYC submission", () => {
    let t: TestApp;
    let dir: string;
    let puts = 0;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-flaky-"));
      const local = createLocalStorage(dir);
      // The first document is stored, the second finds the store gone.
      const flaky: FileStorage = {
        ...local,
        put: async (key, data) => {
          if (++puts === 2) throw new StorageUnavailableError(`PUT ${key}: gone`);
          return local.put(key, data);
        },
      };
      t = await createTestApp(kind, { env: { WORKERS: "off" }, deps: { storage: flaky } });
    });
    afterAll(async () => {
      await t?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("answers 503 and keeps neither the submission nor the document already stored", async () => {
      const { client, member } = await signUpVerified(t.app);
      const kyc = await postForm(client, API.kyc, await kycForm());
      expect(kyc.statusCode).toBe(503);
      expect(puts).toBe(2);
      expect(await queryRows(t.database, sql`select 1 from kyc_profiles where user_id = ${member.uid}`)).toEqual([]);
      expect(fs.readdirSync(path.join(dir, "kyc"))).toEqual([]);
    });
  });
});
