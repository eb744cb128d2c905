import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { type FileStorage, isSafeKey } from "./file-storage.ts";

export type MigrationReport = {
  /** Files found under the folder (temporary files of an interrupted write not counted). */
  found: number;
  /** Copied now, then read back equal. */
  copied: number;
  /** Already in the target with the same size and SHA-256 (an earlier run): not copied again. */
  alreadyThere: number;
  bytes: number;
  /** Read back different from the local file (size or SHA-256). */
  mismatched: { key: string; problem: string }[];
  /** Names no key may have (a stray file in the folder): left where they are. */
  skipped: string[];
  ok: boolean;
};

/** Files copied at once: the store's latency, not our CPU, bounds a migration. */
const PARALLEL = 4;

/**
 * Copies every file under `dir` (DATA_DIR/files) into `target` under the same key, then reads
 * each back and compares size and SHA-256. Safe to run again: a file already there and equal is
 * left alone, a different one is overwritten and checked. A store that stops answering stops the
 * run (StorageUnavailableError); nothing local is ever changed.
 */
export async function migrateLocalFiles(
  dir: string,
  target: FileStorage,
  onFile?: (key: string, outcome: "copied" | "already there" | "mismatch") => void,
): Promise<MigrationReport> {
  const report: MigrationReport = {
    found: 0,
    copied: 0,
    alreadyThere: 0,
    bytes: 0,
    mismatched: [],
    skipped: [],
    ok: false,
  };
  const keys: string[] = [];
  for (const key of await listFiles(dir)) {
    // `<file>.<pid>.tmp`: local storage's write in progress (or cut short by a crash).
    if (key.endsWith(".tmp")) continue;
    report.found += 1;
    if (isSafeKey(key)) keys.push(key);
    else report.skipped.push(key);
  }

  const copyOne = async (key: string) => {
    const data = await fs.readFile(path.join(dir, key));
    const local = fingerprint(data);
    report.bytes += data.length;
    const existing = await target.read(key);
    if (existing && sameFile(fingerprint(existing), local)) {
      report.alreadyThere += 1;
      onFile?.(key, "already there");
      return;
    }
    await target.put(key, data);
    const back = await target.read(key);
    const stored = back && fingerprint(back);
    if (stored && sameFile(stored, local)) {
      report.copied += 1;
      onFile?.(key, "copied");
      return;
    }
    const problem = stored
      ? `read back ${stored.size} bytes, sha256 ${stored.sha256}; local ${local.size} bytes, sha256 ${local.sha256}`
      : "not found after writing";
    report.mismatched.push({ key, problem });
    onFile?.(key, "mismatch");
  };

  let next = 0;
  const lane = async () => {
    while (next < keys.length) await copyOne(keys[next++] as string);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, keys.length) }, lane));
  report.ok = report.mismatched.length === 0 && report.skipped.length === 0;
  return report;
}

type Fingerprint = { size: number; sha256: string };
const fingerprint = (data: Buffer): Fingerprint => ({
  size: data.length,
  sha256: createHash("sha256").update(data).digest("hex"),
});
const sameFile = (a: Fingerprint, b: Fingerprint) => a.size === b.size && a.sha256 === b.sha256;

/** Every file under `dir` as a `/`-separated relative path, sorted; none when `dir` does not exist. */
async function listFiles(dir: string, under = ""): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(path.join(dir, under), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && under === "") return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, rel)));
    else if (entry.isFile()) files.push(rel);
  }
  return files;
}
