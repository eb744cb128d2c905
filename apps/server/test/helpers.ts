import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { API, jsonText, type StaffRole } from "@helio/shared";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterEach, inject } from "vitest";
import WebSocket from "ws";
import { type AppDeps, buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { queryRows as rowsOfQuery } from "../src/db/rows.ts";
import type { PasswordHasher } from "../src/platform/auth/auth.ts";
import { listOutbox } from "../src/platform/mail/mailer.ts";

export type DatabaseKind = "pglite" | "postgres";
/** Every API suite runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = inject("postgresTemplate") ? ["pglite", "postgres"] : ["pglite"];

export const ORIGIN = "http://localhost:3000";
export const ADMIN = { email: "admin@helio.test", password: "admin-password-1", username: "support" };

/** A fresh database: PGlite from the migrated dump, or a PostgreSQL clone of the template. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === "pglite") {
    const dump = fs.readFileSync(inject("pgliteTemplate"));
    return openDatabase({ kind: "pglite", loadDataDir: new Blob([dump]) });
  }
  const template = inject("postgresTemplate");
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!template || !baseUrl) throw new Error("PostgreSQL tests need TEST_DATABASE_URL");
  const name = `${template}_c_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A Redis prefix of its own: test files run beside each other on one Redis in CI, and a broadcast
 * or a rate-limit count of one must not reach another. Instances of one deployment share one.
 */
export const testRedisPrefix = () => `helio-test-${randomBytes(4).toString("hex")}:`;

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    REDIS_PREFIX: testRedisPrefix(),
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "helio-test-")),
    AUTH_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
    PUBLIC_URL: ORIGIN,
    AUTH_RATE_LIMIT: "1000",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The suites sign staff in with a password alone; the staff tests turn two-factor on.
    STAFF_TWO_FACTOR: "off",
    ...env,
  });
}

/**
 * better-auth's password hash (scrypt, `salt:key` in hex) at 1/16 of its cost: the suites sign up
 * and sign in a few thousand times, and each production-cost hash takes 0.2–0.6 s of CPU here.
 * members/accounts.test.ts signs up and in with the production hasher.
 */
const TEST_SCRYPT = { N: 1024, r: 16, p: 1 };
function testScrypt(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, TEST_SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );
}
export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await testScrypt(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(":");
    const expected = Buffer.from(key ?? "", "hex");
    if (!salt || expected.length !== 64) return false;
    return timingSafeEqual(await testScrypt(password, salt), expected);
  },
};

export type TestApp = { app: FastifyInstance; database: Database; config: Config; close(): Promise<void> };

export async function createTestApp(
  kind: DatabaseKind,
  opts: { env?: Record<string, string>; deps?: AppDeps; database?: Database } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase(kind));
  const config = testConfig(opts.env);
  const app = await buildApp(config, { passwordHasher: testPasswordHasher, ...opts.deps, database });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!opts.database) await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps cookies, sends our Origin like our pages do. */
export class Client {
  readonly cookies = new Map<string, string>();
  /** The address the request comes from (request.ip) and the browser's user-agent, when set. */
  readonly ip?: string;
  readonly userAgent?: string;
  readonly app: FastifyInstance;
  readonly origin: string;
  constructor(app: FastifyInstance, origin = ORIGIN, opts: { ip?: string; userAgent?: string } = {}) {
    this.app = app;
    this.origin = origin;
    this.ip = opts.ip;
    this.userAgent = opts.userAgent;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(opts: {
    method?: InjectOptions["method"];
    url: string;
    json?: unknown;
    headers?: Record<string, string>;
    payload?: InjectOptions["payload"];
  }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { origin: this.origin, ...opts.headers };
    if (this.userAgent) headers["user-agent"] = this.userAgent;
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    if (opts.json !== undefined) headers["content-type"] = "application/json";
    const response = await this.app.inject({
      method: opts.method ?? "GET",
      url: opts.url,
      headers,
      ...(this.ip ? { remoteAddress: this.ip } : {}),
      // Amounts may be bigints (microcents): sent as strings of digits, as the web app sends them.
      payload: opts.json !== undefined ? jsonText(opts.json) : opts.payload,
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.value === "";
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string) => this.request({ url });
  post = (url: string, json: unknown = {}) => this.request({ method: "POST", url, json });
  put = (url: string, json: unknown) => this.request({ method: "PUT", url, json });
}

let counter = 0;
export function memberInput(overrides: Partial<Record<string, string>> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-4)}${counter}`;
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    username: `ada_${tag}`,
    email: `ada_${tag}@example.test`,
    password: "correct-horse-battery",
    currency: "USD",
    acceptTerms: true,
    confirmAdult: true,
    ...overrides,
  };
}

export async function latestMail(app: FastifyInstance, to: string) {
  const [mail] = await listOutbox(app.services.db, to, 1);
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

/** The first link in the newest mail to `to`, as a path on our server. */
export async function linkFromMail(app: FastifyInstance, to: string): Promise<string> {
  const mail = await latestMail(app, to);
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail to ${to}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/** Registers, opens the verification link, and returns a signed-in client. */
export async function signUpVerified(app: FastifyInstance, overrides: Partial<Record<string, string>> = {}) {
  const input = memberInput(overrides);
  const client = new Client(app);
  const res = await client.post("/api/register", input);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const verify = await client.get(await linkFromMail(app, input.email));
  if (verify.statusCode >= 400) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  const me = await client.get("/api/me");
  if (me.statusCode !== 200) throw new Error(`not signed in after verification: ${me.statusCode} ${me.body}`);
  return { client, input, member: me.json() as { uid: string; userName: string } };
}

export async function signIn(app: FastifyInstance, identifier: string, password: string, client = new Client(app)) {
  const res = identifier.includes("@")
    ? await client.post("/api/auth/sign-in/email", { email: identifier, password })
    : await client.post("/api/auth/sign-in/username", { username: identifier, password });
  return { client, res };
}

/** Makes a signed-up member a staff account with `roles` (what an accepted invitation leaves). */
export async function makeStaff(app: FastifyInstance, uid: string, roles: StaffRole[]) {
  const { db } = app.services;
  await db.execute(sql`update "user" set role = 'admin' where id = ${uid}`);
  await db.execute(
    sql`insert into staff (user_id, roles) values (${uid}, ${`{${roles.join(",")}}`}::text[])
        on conflict (user_id) do update set roles = excluded.roles, disabled_at = null`,
  );
}

export async function signInAdmin(app: FastifyInstance) {
  const { client, res } = await signIn(app, ADMIN.email, ADMIN.password);
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return client;
}

/**
 * Saves a change to the settings as an admin (over the current revision) and returns the fields
 * it replaced, to pass back to restore them.
 */
export async function changeSettings(admin: Client, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = (await admin.get(API.adminSettings)).json() as Record<string, unknown>;
  const res = await admin.put(API.adminSettings, { ...current, ...patch });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
  return Object.fromEntries(Object.keys(patch).map((k) => [k, current[k]]));
}

/** Polls `fn` until it returns a truthy value (which is returned) or throws after `timeout` ms. */
export async function waitFor<T>(
  fn: () => T | Promise<T>,
  timeout = 5000,
  what = "condition",
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A random address in 10.0.0.0/8, so rate-limit counters of one test never meet another's. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/**
 * REDIS_URL for the tests that need a real Redis. Those tests run when it is set; with CI set a
 * missing REDIS_URL fails them instead of skipping them.
 */
export const redisUrl = process.env.REDIS_URL;
export const redisTestsEnabled = Boolean(redisUrl || process.env.CI);
export function requireRedisUrl(): string {
  if (!redisUrl) throw new Error("CI is set but REDIS_URL is missing: the Redis tests cannot be skipped in CI.");
  return redisUrl;
}

/** A hand-built multipart/form-data body with one file field. */
export function multipartFile(opts: { field?: string; filename: string; contentType: string; data: Buffer }) {
  const boundary = `----helio${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? "file"}"; filename="${opts.filename}"\r\n` +
      `Content-Type: ${opts.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, opts.data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** Rows of a raw SQL query, on PGlite and PostgreSQL alike. */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  return rowsOfQuery<T>(database.db, query);
}

export type TestSocket = {
  ws: WebSocket;
  /** Every message received so far, parsed. */
  messages: { type: string; [key: string]: unknown }[];
  /** Resolves with the first received message of that type (waiting for it if needed). */
  next(type: string, timeout?: number): Promise<{ type: string; [key: string]: unknown }>;
  /** Resolves when the server closes the socket, with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
};

/**
 * Opens /api/ws on a listening app like a tab of `client` would: with its cookies and our Origin.
 * Close what you open (`ws.terminate()`), e.g. in afterEach.
 */
export async function openSocket(app: FastifyInstance, client?: Client): Promise<TestSocket> {
  const { port } = app.server.address() as AddressInfo;
  const headers: Record<string, string> = { origin: client?.origin ?? ORIGIN };
  if (client?.cookies.size) headers.cookie = client.cookieHeader;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers });
  const messages: TestSocket["messages"] = [];
  ws.on("message", (raw) => messages.push(JSON.parse(raw.toString())));
  let closeInfo: { code: number; reason: string } | undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => {
      closeInfo = { code, reason: reason.toString() };
      resolve(closeInfo);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  ws.on("error", () => {}); // reported through `closed`
  return {
    ws,
    messages,
    closed,
    async next(type, timeout = 5000) {
      const found = await waitFor(
        () => messages.find((m) => m.type === type) ?? (closeInfo ? ("closed" as const) : undefined),
        timeout,
        `a "${type}" message`,
      );
      if (found === "closed")
        throw new Error(`socket closed (${closeInfo?.code} ${closeInfo?.reason}) before a "${type}" message`);
      return found;
    },
  };
}

/**
 * Opens sockets like `openSocket` and terminates each after the test that opened it. Unless told
 * otherwise, waits for the server's `ready` greeting.
 */
export function socketsClosedAfterEachTest({ awaitReady = true } = {}) {
  const opened: TestSocket[] = [];
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.ws.terminate();
  });
  return async (...args: Parameters<typeof openSocket>) => {
    const socket = await openSocket(...args);
    opened.push(socket);
    if (awaitReady) await socket.next("ready");
    return socket;
  };
}

/** Messages of a type a socket received so far. */
export const messagesOfType = (socket: TestSocket, type: string) => socket.messages.filter((m) => m.type === type);

/** Resolves once the socket has seen everything sent to it before: the server answers pings in order. */
export async function settle(socket: TestSocket) {
  const pongs = messagesOfType(socket, "pong").length;
  socket.ws.send(JSON.stringify({ type: "ping" }));
  await waitFor(() => messagesOfType(socket, "pong").length > pongs, 5000, "a pong");
}
