#!/usr/bin/env node
// The message catalogues against the code (docs/architecture.md, "Languages"): the web app's
// (apps/web/src/locales) and the server's, for mails, notifications and CSV headers
// (apps/server/src/locales). Fails when
//   - `lingui extract` would change a catalogue: a message was added, changed or removed in the code
//     and `npm run i18n:extract -w @helio/web` (or `-w @helio/server`) was not run (the catalogues are
//     put back as they were); for the server, also when `lingui compile` would change the compiled
//     catalogues it imports (src/locales/<locale>.ts);
//   - a message has no translation in one of the member locales (each missing one is listed).
// The source locale (en) and the generated pseudo-locale need no translations.
//
//   node scripts/i18n-check.mjs
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const UNTRANSLATED = new Set(["en", "pseudo"]);

/** Each app's catalogues: where they are, and the commands that write them from the code. */
const CATALOGUE_SETS = [
  {
    app: path.join(root, "apps/web"),
    workspace: "@helio/web",
    extensions: [".po"],
    commands: [["lingui", "extract", "--clean"]],
  },
  {
    app: path.join(root, "apps/server"),
    workspace: "@helio/server",
    extensions: [".po", ".ts"],
    commands: [
      ["lingui", "extract", "--clean"],
      ["lingui", "compile", "--namespace", "ts"],
    ],
  },
];

/** The catalogue without the header's creation date, which extract rewrites on every run. */
const comparable = (text) => text.replace(/^"POT-Creation-Date:.*\n/m, "");

function readCatalogues(localesDir, extensions) {
  const files = new Map();
  for (const name of fs.readdirSync(localesDir)) {
    if (extensions.some((extension) => name.endsWith(extension)))
      files.set(name, fs.readFileSync(path.join(localesDir, name), "utf8"));
  }
  return files;
}

/** A PO string's value: `"a\"b"` → `a"b`. */
function unquote(line) {
  return JSON.parse(line.trim());
}

/** Every entry of a catalogue (the header excluded) with its msgid and msgstr. */
function parsePo(text) {
  const entries = [];
  let current = null;
  let field = null;
  for (const line of text.split("\n")) {
    const keyword = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line);
    if (keyword) {
      const starts = keyword[1] !== "msgstr" && (!current || current.msgstr !== undefined);
      if (starts) {
        current = { msgid: "", msgstr: undefined };
        entries.push(current);
      }
      field = keyword[1];
      current[field] = unquote(keyword[2]);
    } else if (/^".*"$/.test(line) && current && field) {
      current[field] += unquote(line);
    } else {
      field = null;
    }
  }
  return entries.filter((entry) => entry.msgid !== "");
}

let failed = false;
let checked = 0;
for (const { app, workspace, extensions, commands } of CATALOGUE_SETS) {
  const localesDir = path.join(app, "src/locales");
  const before = readCatalogues(localesDir, extensions);
  let outdated = [];
  try {
    for (const command of commands) execFileSync("npx", command, { cwd: app, stdio: "pipe" });
    const after = readCatalogues(localesDir, extensions);
    const names = new Set([...before.keys(), ...after.keys()]);
    outdated = [...names].filter((name) => comparable(before.get(name) ?? "") !== comparable(after.get(name) ?? ""));
  } finally {
    for (const name of fs.readdirSync(localesDir)) {
      if (extensions.some((extension) => name.endsWith(extension)) && !before.has(name))
        fs.rmSync(path.join(localesDir, name));
    }
    for (const [name, text] of before) fs.writeFileSync(path.join(localesDir, name), text);
  }

  if (outdated.length > 0) {
    failed = true;
    console.error(
      `The catalogues are out of date with the code (${outdated.join(", ")}): run \`npm run i18n:extract -w ${workspace}\`, translate, and commit them.`,
    );
  }

  for (const [name, text] of before) {
    if (!name.endsWith(".po")) continue;
    const locale = name.replace(/\.po$/, "");
    if (UNTRANSLATED.has(locale)) continue;
    checked += 1;
    const missing = parsePo(text).filter((entry) => !entry.msgstr);
    if (missing.length === 0) continue;
    failed = true;
    console.error(`\n${workspace} ${locale}: ${missing.length} message(s) without a translation`);
    for (const entry of missing) console.error(`  ${JSON.stringify(entry.msgid)}`);
  }
}

if (failed) process.exit(1);
process.stdout.write(
  `Catalogues up to date and complete: ${checked} translated catalogues in the web app and the server.\n`,
);
