import type { Config } from "../../config.ts";
import type { FileStorage } from "./file-storage.ts";
import { createLocalStorage, localFilesDir } from "./local-storage.ts";
import type { StorageLog } from "./s3-storage.ts";

export { checkKey, type FileStorage, isSafeKey, StorageUnavailableError } from "./file-storage.ts";
export { createLocalStorage, localFilesDir } from "./local-storage.ts";
export { migrateLocalFiles } from "./migrate.ts";

/**
 * The store STORAGE_URL names, or DATA_DIR/files. The S3 client (and its 0.2 s of module loading)
 * is only loaded when a bucket is configured. `close` ends its kept-alive connections.
 */
export async function createFileStorage(
  config: Pick<Config, "storage" | "dataDir">,
  log?: StorageLog,
): Promise<{ storage: FileStorage; where: string; close(): Promise<void> }> {
  if (config.storage.kind === "local") {
    const dir = localFilesDir(config.dataDir);
    return { storage: createLocalStorage(dir), where: dir, close: async () => {} };
  }
  const { createS3Storage } = await import("./s3-storage.ts");
  const storage = createS3Storage(config.storage, log);
  return { storage, where: storage.where, close: async () => storage.close() };
}
