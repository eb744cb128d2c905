import { createHash } from "node:crypto";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3StorageSettings } from "../../config.ts";
import { checkKey, type FileStorage, StorageUnavailableError } from "./file-storage.ts";

/** Per attempt: an address that does not answer fails in this long, not after the OS's minutes. */
const CONNECT_TIMEOUT_MS = 3_000;
/** A connection silent this long mid-request (a hung server) fails the attempt. */
const IDLE_TIMEOUT_MS = 30_000;
/** The SDK's standard retry (exponential backoff with jitter) of network errors, throttling and 5xx. */
const MAX_ATTEMPTS = 3;

export type StorageLog = { error(fields: object, message: string): void };
export type S3FileStorage = FileStorage & { readonly where: string; close(): void };

/**
 * Files as private objects of one bucket (no ACL is ever sent, so the bucket's default applies:
 * private unless its owner made it otherwise). Any failure but a missing object becomes a
 * StorageUnavailableError (503), logged once here with its cause.
 */
export function createS3Storage(settings: S3StorageSettings, log?: StorageLog): S3FileStorage {
  const { bucket, prefix, endpoint } = settings;
  const client = new S3Client({
    region: settings.region,
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // The SDK's default since 2025 (CRC32 trailers in aws-chunked bodies) is refused by many
    // S3-compatible servers; Content-MD5 below still lets the server check what it received.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_TIMEOUT_MS },
  });
  const where = `s3://${bucket}${prefix ? `/${prefix}` : ""}${endpoint ? ` at ${endpoint}` : ""}`;
  const objectKey = (key: string) => (prefix ? `${prefix}/${checkKey(key)}` : checkKey(key));

  const unavailable = (operation: string, key: string, error: unknown) => {
    const detail = `${operation} ${key} on ${where} failed: ${describeFailure(error)}`;
    log?.error({ storage: where, operation, key, failure: describeFailure(error) }, "file storage unavailable");
    return new StorageUnavailableError(detail, error);
  };

  return {
    where,
    async put(key, data) {
      const Key = objectKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: data,
            ContentLength: data.length,
            ContentType: "application/octet-stream",
            ContentMD5: createHash("md5").update(data).digest("base64"),
          }),
        );
      } catch (error) {
        throw unavailable("PUT", Key, error);
      }
    },
    async read(key) {
      const Key = objectKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw unavailable("GET", Key, error);
      }
    },
    async remove(key) {
      const Key = objectKey(key);
      try {
        // S3 answers 204 for a key that holds nothing: removing twice is fine.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        throw unavailable("DELETE", Key, error);
      }
    },
    close: () => client.destroy(),
  };
}

type SdkFailure = Error & { code?: string; $metadata?: { httpStatusCode?: number; attempts?: number } };

/** NoSuchKey only: a missing bucket (NoSuchBucket, also 404) is a misconfiguration, not a missing file. */
function isMissingObject(error: unknown): boolean {
  const e = error as SdkFailure;
  return e?.name === "NoSuchKey" || (e?.name === "NotFound" && e.$metadata?.httpStatusCode === 404);
}

/** `ECONNREFUSED connect … (3 attempts)`, `AccessDenied: … (HTTP 403)`: what failed, never a secret. */
function describeFailure(error: unknown): string {
  const e = error as SdkFailure;
  if (!(error instanceof Error)) return String(error);
  const status = e.$metadata?.httpStatusCode ? `HTTP ${e.$metadata.httpStatusCode}, ` : "";
  const attempts = e.$metadata?.attempts ?? 1;
  return `${e.code ?? e.name}: ${e.message} (${status}${attempts} attempt${attempts === 1 ? "" : "s"})`;
}
