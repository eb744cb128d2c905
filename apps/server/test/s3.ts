/**
 * A real S3-protocol server for the storage tests: s3rver (a devDependency, so it always runs,
 * CI included) on a free port with its own folder. Only test files import this.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3StorageSettings } from "../src/config.ts";

// The SDK warns once per process that its 2027 releases will need Node 22 (docs/operations.md,
// "File storage"); tests fail on unexpected output, and the warning says nothing about them.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

/** s3rver's fixed key pair: it checks every request's signature against it. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export type S3TestServer = {
  endpoint: string;
  /** Settings for a bucket on this server (created with `createBucket`). */
  settings(bucket: string, prefix?: string): S3StorageSettings;
  /** The STORAGE_URL naming that bucket, credentials in it. */
  storageUrl(bucket: string, prefix?: string): string;
  createBucket(bucket: string): Promise<void>;
  close(): Promise<void>;
};

export async function startS3Server(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "helio-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (bucket: string, prefix = ""): S3StorageSettings => ({
    kind: "s3",
    bucket,
    prefix,
    region: "us-east-1",
    endpoint,
    credentials: S3RVER_CREDENTIALS,
  });
  return {
    endpoint,
    settings,
    storageUrl: (bucket, prefix = "") =>
      `s3://${S3RVER_CREDENTIALS.accessKeyId}:${S3RVER_CREDENTIALS.secretAccessKey}@${bucket}${prefix ? `/${prefix}` : ""}` +
      `?endpoint=${encodeURIComponent(endpoint)}`,
    async createBucket(bucket) {
      const client = new S3Client({
        endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      } finally {
        client.destroy();
      }
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released): a storage server that is down. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
