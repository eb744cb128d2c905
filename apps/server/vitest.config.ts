import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["./test/global-setup.ts"],
    setupFiles: ["./test/setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    // A worker runs its test files in one process instead of a fresh one each: 238 s → 129–146 s
    // for the suite (3 runs without, 1 with, on a quiet machine), most of it the ~77 s of module
    // imports paid again per file. Safe because every file builds its own app and database
    // (test/helpers.ts), and no test mocks a module or stubs the environment.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
