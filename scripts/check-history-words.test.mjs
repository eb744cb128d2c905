// node --test scripts/check-history-words.test.mjs (run by `npm test` before the check itself).
// This file holds the history words the check must catch, so the check skips it.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { checkRepository, findHistoryWords } from "./check-history-words.mjs";

test("catches numbered stops and issues, dated run sets and a stop's machine", () => {
  for (const line of [
    "// measured on stop 34",
    "Stop 31's machine was faster",
    "between stops 31 and 32",
    "see issue 18 for the targets",
    "the fuzz found five causes (Issue #17)",
    "a range is over the run set of 2026-11-24",
    "at the stop's last code",
    "earlier stops' figures",
    "measured this stop, on two workers",
  ]) {
    assert.equal(findHistoryWords(line).length > 0, true, line);
  }
});

test("passes ordinary words: stopping things and having issues", () => {
  for (const line of [
    "on SIGTERM it stops the server after the drain",
    "stop the cluster with Ctrl-C",
    "there was an issue with the cache",
    "the admin issues a single-use link that lives 60 seconds",
    "the stop button stays disabled",
    "the ticker stops at 12 pairs",
    "see docs/decisions/0011-the-ledger-against-pgbench.md",
    "the worker stops after 3 failures in a row",
  ]) {
    assert.deepEqual(findHistoryWords(line), [], line);
  }
});

test("names the file and line of each find in a repository, and skips the lock file", () => {
  const root = mkdtempSync(path.join(tmpdir(), "history-words-"));
  try {
    const git = (...args) => execFileSync("git", args, { cwd: root, stdio: "pipe" });
    git("init", "-q");
    mkdirSync(path.join(root, "src"));
    writeFileSync(path.join(root, "src/a.ts"), "const a = 1;\n// two workers since stop 34\n");
    writeFileSync(path.join(root, "README.md"), "Helio\n\nAn issue with the cache.\n\nTargets of issue 18.\n");
    writeFileSync(path.join(root, "package-lock.json"), '{ "note": "issue 18" }\n');
    writeFileSync(path.join(root, "untracked.md"), "stop 35\n");
    git("add", "src/a.ts", "README.md", "package-lock.json");
    assert.deepEqual(checkRepository(root).sort(), [
      'README.md:5: "issue 18" (a numbered issue)',
      'src/a.ts:2: "stop 34" (a numbered stop)',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
