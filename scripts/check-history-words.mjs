#!/usr/bin/env node
// Fails (exit 1) when a tracked file names the project's own working history instead of a reason:
// a work item or a run (a "stop" or an "issue" with its number, a dated "run set", a work period
// called a stop). A reader of this repository has no such list; what they need is the reason
// itself, e.g. "two browser-test workers: the stage in 305-360 s against 395-444 s on one". Citing
// a decision record by its file name (docs/decisions/0011-the-ledger-against-pgbench.md) is fine.
// Run by `npm test` beside lint; scripts/check-history-words.test.mjs proves what it catches.
//
//   node scripts/check-history-words.mjs     every tracked file; prints file:line for each find
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** What a history reference looks like; each with the words a reader sees in the failure. */
export const HISTORY_PATTERNS = [
  { pattern: /\bstops?\s+#?\d+/i, names: "a numbered stop" },
  { pattern: /\bissues?\s+#?\d+/i, names: "a numbered issue" },
  { pattern: /\brun\s+sets?\s+(?:of|from)\s+\d{4}-/i, names: "a dated run set" },
  { pattern: /\bstop's\b|\bstops'(?=\W|$)/i, names: "the possessive of a work period called a stop" },
  { pattern: /\b(?:this|that|previous|next|earlier|later|each|every)\s+stop\b/i, names: "a work period called a stop" },
];

/** A decision record's file name may hold any words: it is stripped before the line is checked. */
const DECISION_FILE_NAME = /\b\d{4}-[a-z0-9-]+\.md\b/gi;

/** Tracked files never checked: the lock file (registry data) and the test that holds the examples. */
const SKIPPED_FILES = new Set(["package-lock.json", "scripts/check-history-words.test.mjs"]);

/** Files that are not text (checked by a NUL byte in the first 8 kB, as git does). */
function isBinary(content) {
  return content.subarray(0, 8000).includes(0);
}

/** The history references in one text, as `{ line, text, names }`. */
export function findHistoryWords(text) {
  const finds = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.replace(DECISION_FILE_NAME, "");
    for (const { pattern, names } of HISTORY_PATTERNS) {
      const match = pattern.exec(line);
      if (match) finds.push({ line: index + 1, text: match[0], names });
    }
  });
  return finds;
}

/** Every tracked file of the repository at `root`, checked; returns `file:line` reports. */
export function checkRepository(root) {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => file && !SKIPPED_FILES.has(file) && !file.split("/").includes("node_modules"));
  const reports = [];
  for (const file of files) {
    let content;
    try {
      content = readFileSync(path.join(root, file));
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    if (isBinary(content)) continue;
    for (const find of findHistoryWords(content.toString("utf8"))) {
      reports.push(`${file}:${find.line}: "${find.text}" (${find.names})`);
    }
  }
  return reports;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const reports = checkRepository(root);
  if (reports.length) {
    console.error(`Working-history words in ${reports.length} place(s): write the reason itself instead.`);
    for (const report of reports) console.error(`  ${report}`);
    process.exit(1);
  }
  console.info("No working-history words in tracked files.");
}
