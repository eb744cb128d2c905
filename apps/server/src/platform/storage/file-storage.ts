import { AppError } from "../http/errors.ts";

/**
 * Where uploaded files live: a local folder (local-storage.ts) or an S3-compatible bucket
 * (s3-storage.ts), chosen by STORAGE_URL (index.ts). Files are private: our routes check who may
 * read one and stream its bytes; no file is ever reachable at a public URL of the store.
 */
export interface FileStorage {
  /** Creates or replaces the file under `key`. */
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none under `key`. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the file; a key with no file is fine. */
  remove(key: string): Promise<void>;
}

/**
 * Keys are made by our code (`deposits/<uuid>.pdf`), never taken from a request as they are; the
 * check still stands so that a bug cannot reach outside the folder or invent an odd object name.
 */
const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*(\.[a-z0-9]+)?$/;

/** Also no `//` and no trailing `/`: a folder and an S3 bucket must agree on what names one file. */
export const isSafeKey = (key: string) =>
  SAFE_KEY.test(key) && !key.includes("..") && !key.includes("//") && !key.endsWith("/");

/** The key itself when it is safe; throws otherwise (a programming error, answered as a 500). */
export function checkKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

/**
 * The file store did not answer (unreachable, timed out, refused our credentials, …). Answered as
 * a 503 with a message a member can act on; `detail` (no secrets) is for the log and for scripts.
 */
export class StorageUnavailableError extends AppError {
  readonly detail: string;
  constructor(detail: string, cause?: unknown) {
    super(503, "UNAVAILABLE", "File storage is not reachable right now. Please try again in a moment.");
    this.detail = detail;
    this.name = "StorageUnavailableError";
    this.cause = cause;
  }
}
