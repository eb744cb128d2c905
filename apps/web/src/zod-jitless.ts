// zod compiles object checks with `new Function` when the page allows eval, and finds out by
// trying once; our content security policy has no 'unsafe-eval', so that try is reported as a
// violation on every page with a form. zod keeps its settings in this global and only creates it
// when missing: setting it here, before any schema is built (main.tsx imports this first), costs
// the first load nothing, where importing zod's `config` would put 3.7 kB of zod into the entry.
// zod-jitless.test.ts checks that zod still reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
