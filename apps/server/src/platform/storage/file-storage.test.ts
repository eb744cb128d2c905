import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort, type S3TestServer, startS3Server } from "../../../test/s3.ts";
import { type FileStorage, StorageUnavailableError } from "./file-storage.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";

type Subject = { storage: FileStorage; close(): Promise<void> };

/** One contract, both stores: what the features rely on must not depend on STORAGE_URL. */
const stores: [string, () => Promise<Subject>][] = [
  [
    "local disk",
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-files-"));
      return { storage: createLocalStorage(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const server = await startS3Server();
      await server.createBucket("contract");
      const storage = createS3Storage(server.settings("contract", "helio/files"));
      return {
        storage,
        async close() {
          storage.close();
          await server.close();
        },
      };
    },
  ],
];

const key = (dir: string, ext = "bin") => `${dir}/${randomBytes(8).toString("hex")}.${ext}`;

describe.each(stores)("file storage on %s", (name, make) => {
  let subject: Subject;
  let storage: FileStorage;
  beforeAll(async () => {
    subject = await make();
    storage = subject.storage;
  });
  afterAll(async () => subject?.close());

  it("keeps a file under its key until it is removed", async () => {
    const k = key("deposits", "pdf");
    const data = randomBytes(2_000);
    await storage.put(k, data);
    expect((await storage.read(k))?.equals(data)).toBe(true);
    await storage.remove(k);
    expect(await storage.read(k)).toBeNull();
  });

  it("replaces a file put again under the same key", async () => {
    const k = key("avatars", "webp");
    await storage.put(k, Buffer.from("first version, longer than the second"));
    await storage.put(k, Buffer.from("second"));
    expect((await storage.read(k))?.toString()).toBe("second");
  });

  it("keeps an empty file and a key without an extension", async () => {
    const k = `kyc/${randomBytes(8).toString("hex")}`;
    await storage.put(k, Buffer.alloc(0));
    expect((await storage.read(k))?.length).toBe(0);
  });

  it("stores a 12 MB file byte for byte", async () => {
    const k = key("kyc", "png");
    const data = randomBytes(12 * 1024 * 1024);
    const started = performance.now();
    await storage.put(k, data);
    const written = performance.now();
    const back = await storage.read(k);
    const read = performance.now();
    expect(back?.length).toBe(data.length);
    expect(back?.equals(data)).toBe(true);
    console.info(
      `[storage] ${name}: 12 MB put ${Math.round(written - started)} ms, read ${Math.round(read - written)} ms`,
    );
  });

  it("answers null for a missing key, and removing one is fine", async () => {
    const k = key("chat", "png");
    expect(await storage.read(k)).toBeNull();
    await expect(storage.remove(k)).resolves.toBeUndefined();
    await storage.put(k, Buffer.from("x"));
    await storage.remove(k);
    await expect(storage.remove(k)).resolves.toBeUndefined();
  });

  it.each([
    "../auth-secret",
    "/etc/passwd",
    "deposits/../../x.pdf",
    "deposits//x.pdf",
    "deposits/",
    "Deposits/x.pdf",
    "deposits/x.tar.gz",
    "deposits/x y.pdf",
    "deposits\\x.pdf",
    ".hidden",
    "",
  ])("refuses the unsafe key %j for every operation", async (bad) => {
    await expect(storage.put(bad, Buffer.from("x"))).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.read(bad)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.remove(bad)).rejects.toThrow(/Unsafe storage key/);
  });
});

describe("S3 storage", () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3Server();
    await server.createBucket("layout");
  });
  afterAll(async () => server?.close());

  it("keeps objects under the prefix, and a second prefix sees none of them", async () => {
    const prefixed = createS3Storage(server.settings("layout", "tenant-a"));
    const root = createS3Storage(server.settings("layout"));
    const other = createS3Storage(server.settings("layout", "tenant-b"));
    try {
      await prefixed.put("deposits/p.pdf", Buffer.from("proof"));
      expect((await root.read("tenant-a/deposits/p.pdf"))?.toString()).toBe("proof");
      expect(await root.read("deposits/p.pdf")).toBeNull();
      expect(await other.read("deposits/p.pdf")).toBeNull();
    } finally {
      for (const s of [prefixed, root, other]) s.close();
    }
  });

  it("treats a missing bucket as storage trouble, not as a missing file", async () => {
    const storage = createS3Storage(server.settings("no-such-bucket"));
    try {
      const error = await storage.read("deposits/x.pdf").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as StorageUnavailableError).detail).toMatch(/NoSuchBucket.*HTTP 404/);
    } finally {
      storage.close();
    }
  });

  it("fails fast with a clear 503 error, logged without the secret, when the server is down", async () => {
    const port = await closedPort();
    const logged: { fields: object; message: string }[] = [];
    const storage = createS3Storage(
      {
        ...server.settings("files"),
        endpoint: `http://127.0.0.1:${port}`,
        credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "very-secret-value" },
      },
      { error: (fields, message) => logged.push({ fields, message }) },
    );
    try {
      for (const attempt of [
        () => storage.put("deposits/x.pdf", Buffer.from("x")),
        () => storage.read("deposits/x.pdf"),
        () => storage.remove("deposits/x.pdf"),
      ]) {
        const started = performance.now();
        const error = await attempt().catch((e: unknown) => e);
        const ms = performance.now() - started;
        expect(ms).toBeLessThan(5_000);
        expect(error).toBeInstanceOf(StorageUnavailableError);
        const failure = error as StorageUnavailableError;
        expect(failure.statusCode).toBe(503);
        expect(failure.message).toBe("File storage is not reachable right now. Please try again in a moment.");
        expect(failure.detail).toMatch(
          new RegExp(
            `^(PUT|GET|DELETE) deposits/x\\.pdf on s3://files at http://127\\.0\\.0\\.1:${port} failed: ECONNREFUSED`,
          ),
        );
        expect(failure.detail).toContain("3 attempts");
      }
      expect(logged.map((l) => l.message)).toEqual(Array(3).fill("file storage unavailable"));
      expect(JSON.stringify(logged)).not.toContain("very-secret-value");
    } finally {
      storage.close();
    }
  });
});
