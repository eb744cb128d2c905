import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closedPort, type S3TestServer, startS3Server } from "../../../test/s3.ts";
import type { FileStorage } from "./file-storage.ts";
import { createLocalStorage } from "./local-storage.ts";
import { migrateLocalFiles } from "./migrate.ts";
import { createS3Storage, type S3FileStorage } from "./s3-storage.ts";

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../../scripts/storage-migrate.mjs");

describe("migrating DATA_DIR/files into a bucket", () => {
  let server: S3TestServer;
  let dataDir: string;
  let local: FileStorage;
  let bucket: S3FileStorage;
  let bucketName: string;
  const files = new Map<string, Buffer>();

  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-migrate-"));
    local = createLocalStorage(path.join(dataDir, "files"));
    bucketName = `migrate-${randomBytes(4).toString("hex")}`;
    await server.createBucket(bucketName);
    bucket = createS3Storage(server.settings(bucketName, "helio"));
    files.clear();
    for (const [key, data] of [
      ["avatars/5c1e2a3b-0000-4000-8000-000000000001.webp", randomBytes(3_000)],
      ["deposits/5c1e2a3b-0000-4000-8000-000000000002.pdf", randomBytes(5 * 1024 * 1024)],
      ["kyc/5c1e2a3b-0000-4000-8000-000000000003.png", randomBytes(40_000)],
      ["chat/5c1e2a3b-0000-4000-8000-000000000004.jpg", Buffer.alloc(0)],
    ] as const) {
      await local.put(key, data);
      files.set(key, data);
    }
  });
  afterEach(() => {
    bucket.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const expectAllInBucket = async () => {
    for (const [key, data] of files) expect((await bucket.read(key))?.equals(data), key).toBe(true);
  };

  it("copies and verifies every file, and a second run copies nothing", async () => {
    const first = await migrateLocalFiles(path.join(dataDir, "files"), bucket);
    expect(first).toMatchObject({ found: 4, copied: 4, alreadyThere: 0, mismatched: [], skipped: [], ok: true });
    expect(first.bytes).toBe([...files.values()].reduce((n, d) => n + d.length, 0));
    await expectAllInBucket();

    const again = await migrateLocalFiles(path.join(dataDir, "files"), bucket);
    expect(again).toMatchObject({ found: 4, copied: 0, alreadyThere: 4, ok: true });
    // Nothing local was touched.
    for (const [key, data] of files) expect((await local.read(key))?.equals(data)).toBe(true);
  });

  it("overwrites a different object under the same key, and ignores interrupted local writes", async () => {
    const [key] = files.keys() as unknown as [string];
    await bucket.put(key, Buffer.from("an older, different file"));
    fs.writeFileSync(path.join(dataDir, "files", `${key}.4242.tmp`), "half a file");
    const report = await migrateLocalFiles(path.join(dataDir, "files"), bucket);
    expect(report).toMatchObject({ found: 4, copied: 4, alreadyThere: 0, ok: true });
    await expectAllInBucket();
  });

  it("reports a file that reads back different, and a stray name it cannot copy", async () => {
    fs.writeFileSync(path.join(dataDir, "files", "Thumbs.db"), "x");
    const corrupting: FileStorage = {
      put: bucket.put,
      remove: bucket.remove,
      read: async (key) => {
        const data = await bucket.read(key);
        return key.startsWith("kyc/") && data ? Buffer.concat([data, Buffer.from("!")]) : data;
      },
    };
    const report = await migrateLocalFiles(path.join(dataDir, "files"), corrupting);
    expect(report).toMatchObject({ found: 5, copied: 3, skipped: ["Thumbs.db"], ok: false });
    expect(report.mismatched).toEqual([
      {
        key: "kyc/5c1e2a3b-0000-4000-8000-000000000003.png",
        problem: expect.stringMatching(/^read back 40001 bytes, sha256 [0-9a-f]{64}; local 40000 bytes/),
      },
    ]);
  });

  it("finds nothing to do in a missing folder", async () => {
    const report = await migrateLocalFiles(path.join(dataDir, "nothing-here"), bucket);
    expect(report).toMatchObject({ found: 0, copied: 0, ok: true });
  });

  const run = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, [script], {
      env: {
        PATH: process.env.PATH ?? "",
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
        DATA_DIR: dataDir,
        NODE_ENV: "test",
        ...env,
      },
      timeout: 60_000,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it("`npm run storage:migrate` prints the counts and exits 0; 2 when the bucket is unreachable or unset", async () => {
    const ok = await run({ STORAGE_URL: server.storageUrl(bucketName, "helio") });
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("4 files (5.0 MB): 4 copied, 0 already there, 0 mismatched, 0 skipped");
    expect(ok.stdout).not.toContain("S3RVER:S3RVER");
    await expectAllInBucket();

    const port = await closedPort();
    const down = await run({ STORAGE_URL: `s3://k:secret-value@${bucketName}?endpoint=http://127.0.0.1:${port}` });
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/Migration stopped after 0 files: GET .* failed: ECONNREFUSED/);
    expect(down.stderr + down.stdout).not.toContain("secret-value");

    const unset = await run({ STORAGE_URL: "" });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain("STORAGE_URL is not set");
  }, 120_000); // three runs of a separate Node process that loads the server code
});
