import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { API } from "@helio/shared";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { serverRoot } from "../paths.ts";

const repoRoot = path.resolve(serverRoot, "../..");
/**
 * Where the document and the client made from it are written: a cache folder that git ignores,
 * inside the repository so that the client's `import "openapi-fetch"` resolves.
 */
const workDir = path.join(serverRoot, "node_modules/.cache/openapi-client");
const documentFile = path.join(workDir, "openapi.json");

/** Runs a command to its end: its output and exit code, whether it passed or not. */
async function run(command: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      env: { ...process.env, ...env },
      maxBuffer: 32 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string }>;
};
type Document = {
  security?: Record<string, string[]>[];
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
};

/** A few real calls through a client typed by the generated `paths`; each @ts-expect-error must be an error. */
const CALLS = `import createClient from "openapi-fetch";
import type { paths } from "./api.ts";

const client = createClient<paths>({ baseUrl: "http://localhost:3000", credentials: "include" });

export async function calls(): Promise<string[]> {
  const seen: string[] = [];
  const me = await client.GET("/api/me");
  if (me.data) seen.push(me.data.uid, me.data.email);
  if (me.error) seen.push(me.error.error.code, me.error.error.message);

  const saved = await client.PUT("/api/profile", { body: { firstName: "Ada", lastName: "Lovelace", currency: "EUR" } });
  for (const field of saved.error?.error.fields ?? []) seen.push(field.field);

  const deposit = await client.GET("/api/deposits/{id}", { params: { path: { id: "d-1" } } });
  if (deposit.data) seen.push(deposit.data.reference, String(deposit.data.amountMicrocents));

  const trade = await client.POST("/api/trades", {
    body: { symbol: "BTC", direction: "up", amountMicrocents: 1000, durationSeconds: 60 },
  });
  if (trade.data) seen.push(trade.data.id, trade.data.symbol);

  // @ts-expect-error a currency the API does not know
  await client.PUT("/api/profile", { body: { firstName: "Ada", lastName: "Lovelace", currency: "XXX" } });
  // @ts-expect-error the deposit's id is required
  await client.GET("/api/deposits/{id}");
  // @ts-expect-error no such path
  await client.GET("/api/no-such-path");
  return seen;
}
`;

describe("the OpenAPI document", () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    const res = await t.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    fs.mkdirSync(workDir, { recursive: true });
    fs.writeFileSync(documentFile, res.body);
  });
  afterAll(async () => t?.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ label: `${method.toUpperCase()} ${p}`, operation })),
    );

  it("passes Redocly's recommended lint (redocly.yaml) with no error and no warning", { timeout: 60_000 }, async () => {
    const lint = await run(
      process.execPath,
      [
        path.join(repoRoot, "node_modules/@redocly/cli/bin/cli.js"),
        "lint",
        documentFile,
        "--config",
        path.join(serverRoot, "redocly.yaml"),
        "--format",
        "json",
      ],
      // No usage data and no look-up of a newer version: the lint works offline.
      { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    );
    const report = JSON.parse(lint.stdout || "{}") as {
      totals?: { errors: number; warnings: number };
      problems?: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = (report.problems ?? []).map(
      (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ""}: ${p.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals, lint.stderr).toMatchObject({ errors: 0, warnings: 0 });
    expect(lint.code, lint.stderr).toBe(0);
  });

  it("declares the session cookie, and which operations need it", () => {
    expect(doc.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(doc.components.securitySchemes.session?.name).toMatch(/session_token$/);
    expect(doc.paths[API.me]?.get?.security).toEqual([{ session: [] }]);
    expect(doc.paths[API.register]?.post?.security).toEqual([]);
    expect(doc.paths[API.health]?.get?.security).toEqual([]);
    for (const { label, operation } of operations()) expect(operation.security ?? doc.security, label).toBeDefined();
  });

  it("names every operation by its method and its path's name in paths.ts, once", () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.length).toBeGreaterThan(100);
    for (const id of ids) expect(id).toMatch(/^(get|post|put|patch|delete)[A-Z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths[API.deposits]?.get?.operationId).toBe("getDeposits");
    expect(doc.paths[API.deposits]?.post?.operationId).toBe("postDeposits");
    expect(doc.paths["/api/admin/members/{uid}/status"]?.post?.operationId).toBe("postAdminMemberStatus");
    expect(doc.paths["/api/auth/{path}"]?.post?.operationId).toBe("postAuth");
  });

  it("documents the shared error answer on every operation", () => {
    for (const { label, operation } of operations()) {
      expect(operation.responses["4XX"], label).toEqual({ $ref: "#/components/responses/ClientError" });
      expect(operation.responses["5XX"], label).toEqual({ $ref: "#/components/responses/ServerError" });
    }
  });

  it("gives a typed client (openapi-typescript, openapi-fetch) that type-checks real calls", {
    timeout: 120_000,
  }, async () => {
    fs.writeFileSync(path.join(workDir, "api.ts"), astToString(await openapiTS(doc as never)));
    fs.writeFileSync(path.join(workDir, "calls.ts"), CALLS);
    fs.writeFileSync(
      path.join(workDir, "tsconfig.json"),
      JSON.stringify({
        extends: path.join(repoRoot, "tsconfig.base.json"),
        compilerOptions: { lib: ["es2023", "dom"], types: [] },
        files: ["calls.ts"],
      }),
    );
    // The repository's TypeScript (the one `npm run typecheck` uses).
    const check = await run(process.execPath, [
      path.join(repoRoot, "node_modules/typescript/bin/tsc"),
      "-p",
      path.join(workDir, "tsconfig.json"),
    ]);
    expect(check.stdout + check.stderr).toBe("");
    expect(check.code).toBe(0);
  });
});
