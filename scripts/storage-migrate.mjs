// `npm run storage:migrate`: copies every uploaded file under DATA_DIR/files (default
// ./data/files) into the bucket STORAGE_URL names, under the same key, then reads each one back
// and compares size and SHA-256. Prints the counts; exits 0 when every file is in the bucket and
// equal, 1 on any mismatch or file it could not copy, 2 when it could not run (configuration,
// storage unreachable). Safe to run again: files already there and equal are not copied twice.
// Nothing local is changed or removed. The logic is apps/server/src/platform/storage/migrate.ts.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Node 24 runs the server's TypeScript sources as they are (type stripping; erasable syntax only).
const { ConfigError, loadConfig } = await import(path.join(root, "apps/server/src/config.ts"));
const storageModule = await import(path.join(root, "apps/server/src/platform/storage/index.ts"));
const { createFileStorage, localFilesDir, migrateLocalFiles, StorageUnavailableError } = storageModule;

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(2);
}
if (config.storage.kind !== "s3") {
  console.error('STORAGE_URL is not set: there is no bucket to migrate to (docs/operations.md, "File storage").');
  process.exit(2);
}

const source = localFilesDir(config.dataDir);
const target = await createFileStorage(config);
const started = performance.now();
let done = 0;
console.info(`Copying ${source} into ${target.where} …`);
try {
  const report = await migrateLocalFiles(source, target.storage, (key, outcome) => {
    done += 1;
    if (outcome === "mismatch") console.error(`  MISMATCH ${key}`);
    else if (done % 500 === 0) console.info(`  ${done} files …`);
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const mb = (report.bytes / 1024 / 1024).toFixed(1);
  console.info(
    `${report.found} files (${mb} MB): ${report.copied} copied, ${report.alreadyThere} already there, ` +
      `${report.mismatched.length} mismatched, ${report.skipped.length} skipped, in ${seconds} s.`,
  );
  for (const { key, problem } of report.mismatched) console.error(`  mismatch: ${key}: ${problem}`);
  for (const name of report.skipped) {
    console.error(`  skipped: ${name} (not a name the server writes; move it out of ${source} or copy it by hand)`);
  }
  if (report.ok) {
    console.info("Every file is in the bucket and reads back with the same size and SHA-256.");
  } else {
    console.error("Not every file is in the bucket: keep using local storage, fix the above and run this again.");
  }
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  const message = error instanceof StorageUnavailableError ? error.detail : String(error?.stack ?? error);
  console.error(`Migration stopped after ${done} files: ${message}`);
  console.error("Nothing local was changed; run this again once the storage answers.");
  process.exitCode = 2;
} finally {
  await target.close();
}
