import path from "node:path";
import { z } from "@helio/shared/zod";
import { defaultWebDist } from "./paths.ts";

const bool = z.optional(
  z.pipe(
    z.enum(["true", "false", "1", "0"]),
    z.transform((v) => v === "true" || v === "1"),
  ),
);

const envSchema = z.object({
  NODE_ENV: z._default(z.enum(["development", "production", "test"]), "development"),
  HOST: z._default(z.string().check(z.minLength(1)), "0.0.0.0"),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 3000),
  /** The address members reach us at; links in mail and cookie security derive from it. */
  PUBLIC_URL: z.optional(z.url()),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), "./data"),
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL"))),
  /** Connections this process keeps open to PostgreSQL at most. */
  DATABASE_POOL_SIZE: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 20),
  REDIS_URL: z.optional(z.string().check(z.regex(/^rediss?:\/\//, "must be a redis:// URL"))),
  /**
   * Put before every Redis channel and key this deployment uses, so that two deployments (or the
   * browser tests' servers, one per worker) can share one Redis without hearing each other.
   */
  REDIS_PREFIX: z._default(
    z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,64}$/, "1 to 64 characters: letters, digits, _ . : -")),
    "helio:",
  ),
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL"))),
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), "Helio <no-reply@helio.local>"),
  AUTH_SECRET: z.optional(z.string().check(z.minLength(32, "must be at least 32 characters"))),
  ADMIN_EMAIL: z._default(z.email(), "admin@helio.local"),
  ADMIN_PASSWORD: z.optional(z.string().check(z.minLength(10, "must be at least 10 characters"))),
  ADMIN_USERNAME: z._default(
    z.string().check(z.regex(/^[a-z0-9_]{3,20}$/, "3 to 20 characters: a-z, 0-9 and _")),
    "support",
  ),
  ADMIN_FIRST_NAME: z._default(z.string().check(z.minLength(1)), "Helio"),
  ADMIN_LAST_NAME: z._default(z.string().check(z.minLength(1)), "Support"),
  LOG_LEVEL: z._default(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  /** Which finished requests are logged: only 5xx and slow ones (default), every one, or none. */
  REQUEST_LOG: z._default(z.enum(["problems", "all", "off"]), "problems"),
  /** A request slower than this (ms) is logged as slow in the `problems` mode. */
  REQUEST_LOG_SLOW_MS: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1000),
  TRUST_PROXY: bool,
  /** Attempts per minute per client on sign-in, sign-up, reset and 2FA endpoints. */
  AUTH_RATE_LIMIT: z._default(z.coerce.number().check(z.int(), z.gte(1)), 10),
  /** Requests per minute per member on each money endpoint (deposits, withdrawals, bank data, …). */
  MONEY_RATE_LIMIT: z._default(z.coerce.number().check(z.int(), z.gte(1)), 30),
  /**
   * A bearer token that lets a scraper read /api/metrics from anywhere; without it (or without the
   * header) only a direct loopback request may.
   */
  METRICS_TOKEN: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9._~+/=-]{32,200}$/, "32 to 200 characters: letters, digits, . _ ~ + / = -")),
  ),
  /**
   * Two-factor for staff: `required` (default), every back-office call of a staff account without
   * it is refused until it is set up; `off` is for test harnesses that sign in without a phone.
   */
  STAFF_TWO_FACTOR: z._default(z.enum(["required", "off"]), "required"),
  /** OpenTelemetry: where traces go over OTLP/HTTP (`/v1/traces` is appended); unset, none are made. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.optional(
    z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }),
  ),
  OTEL_SERVICE_NAME: z._default(
    z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, "1 to 64 characters: letters, digits, _ . -")),
    "helio",
  ),
  /** Background workers (deposit invoice expiry, …) in this process: on (default) or off. */
  WORKERS: z._default(z.enum(["on", "off"]), "on"),
  /**
   * On SIGTERM, how long (ms) a process keeps serving after /api/ready turned 503, so a load balancer
   * checking every second takes it out (three failed checks) before it stops accepting. 0: no drain.
   */
  SHUTDOWN_DRAIN_MS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(120_000)), 3000),
  /** Read notifications older than this many days are deleted (unread ones are kept). */
  NOTIFICATION_RETENTION_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(7), z.lte(3650)), 365),
  /**
   * The shortest reality-check interval a member may choose, in seconds (10 minutes). Test servers
   * lower it so that a browser test meets the check within seconds.
   */
  REALITY_CHECK_MIN_SECONDS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(600)), 600),
  /**
   * Test servers only: a contract of this many seconds (under the shortest duration, 30 s) is
   * offered besides the settings' durations, so that a browser test sees a contract settle within
   * seconds. Unset by default; refused in production.
   */
  SHORT_CONTRACT_SECONDS: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(29))),
  /** Chat messages a member (or admin) may send per 10 seconds. */
  CHAT_RATE_LIMIT: z._default(z.coerce.number().check(z.int(), z.gte(1)), 30),
  /** Where prices come from: the offline simulator (default) or a live exchange feed. */
  MARKET_SOURCE: z._default(z.enum(["sim", "exchange"]), "sim"),
  /** Base URL of the Binance-style combined stream (`/stream?streams=…` is appended). */
  MARKET_EXCHANGE_URL: z._default(
    z.string().check(z.regex(/^wss?:\/\//, "must be a ws:// or wss:// URL")),
    "wss://stream.binance.com:9443",
  ),
  /** Seed of the simulator's random walk (default: the start time). */
  MARKET_SEED: z.optional(z.coerce.number().check(z.int())),
  WEB_DIST: z.optional(z.string()),
  /** Uploaded files in an S3-compatible bucket instead of DATA_DIR/files (parseStorageUrl). */
  STORAGE_URL: z.optional(z.pipe(z.string(), z.transform(parseStorageUrl))),
  /** Extra origins allowed to call the API with cookies (comma-separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: z.optional(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((v) =>
          v
            .split(",")
            .map((o) => o.trim())
            .filter(Boolean),
        ),
      ),
      z.array(z.url({ message: "must be a comma-separated list of origins" })),
    ),
  ),
});

/** Uploaded files: on local disk (DATA_DIR/files), or in an S3-compatible bucket. */
export type StorageSettings = { kind: "local" } | S3StorageSettings;
export type S3StorageSettings = {
  kind: "s3";
  bucket: string;
  /** Prepended to every key with a `/` (empty: keys at the bucket's root). */
  prefix: string;
  region: string;
  /** A non-AWS server (MinIO, Ceph, R2, …); addressed path-style. Unset: AWS itself. */
  endpoint: string | undefined;
  /** From the URL's user:password; unset: the AWS SDK's usual chain (AWS_ACCESS_KEY_ID, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

const STORAGE_URL_FORM = "s3://[KEY:SECRET@]bucket[/prefix][?endpoint=http://host:port&region=us-east-1]";

/**
 * `s3://[KEY:SECRET@]bucket[/prefix][?endpoint=…&region=…]`. Messages never repeat the value: it
 * may hold a secret.
 */
function parseStorageUrl(value: string, ctx: z.core.ParsePayload): S3StorageSettings {
  const fail = (message: string) => {
    // zod/mini's transform gets the bare payload (no `addIssue`): the issue classic's addIssue made.
    ctx.issues.push({ code: "custom", message: `${message} (form: ${STORAGE_URL_FORM})`, input: value });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail("not a URL");
  }
  if (url.protocol !== "s3:") return fail("must start with s3://");
  // URL would quietly resolve `a/../b` to `b`: a prefix is written out as it is meant.
  if (/\/(\.|%2e){1,2}(\/|\?|#|$)/i.test(value)) return fail("the prefix must not contain . or .. parts");
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || url.port) {
    return fail("the bucket name must be 3–63 characters of a-z, 0-9, . and -");
  }
  const prefix = url.pathname.replace(/^\/+|\/+$/g, "");
  if (prefix && !prefix.split("/").every((part) => /^[a-z0-9][a-z0-9._-]*$/.test(part) && part !== "..")) {
    return fail("the prefix must be /-separated names of a-z, 0-9, ., _ and -");
  }
  if (Boolean(url.username) !== Boolean(url.password)) return fail("give both KEY and SECRET, or neither");
  const unknown = [...url.searchParams.keys()].filter((k) => k !== "endpoint" && k !== "region");
  if (unknown.length) return fail(`unknown option ${unknown.join(", ")}`);
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined) {
    const parsed = URL.canParse(endpoint) ? new URL(endpoint) : null;
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.username || parsed.search) {
      return fail("endpoint must be an http:// or https:// address without credentials");
    }
  }
  const region = url.searchParams.get("region") ?? "us-east-1";
  if (!/^[a-z0-9-]{2,40}$/.test(region)) return fail("region must look like us-east-1");
  return {
    kind: "s3",
    bucket,
    prefix,
    region,
    endpoint: endpoint?.replace(/\/+$/, ""),
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined,
  };
}

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  /** Before every Redis channel and key (REDIS_PREFIX). */
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string | undefined;
  admin: { email: string; password: string | undefined; username: string; firstName: string; lastName: string };
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  requestLog: { mode: z.infer<typeof envSchema>["REQUEST_LOG"]; slowMs: number };
  trustProxy: boolean;
  authRateLimit: number;
  moneyRateLimit: number;
  workers: boolean;
  shutdownDrainMs: number;
  /** Chat messages per 10 seconds per user. */
  chatRateLimit: number;
  /** The shortest reality-check interval a member may choose, in seconds. */
  realityCheckMinSeconds: number;
  /** A test server's extra contract duration in seconds (SHORT_CONTRACT_SECONDS), null elsewhere. */
  shortContractSeconds: number | null;
  notificationRetentionDays: number;
  market: { source: "sim" | "exchange"; exchangeUrl: string; seed: number | undefined };
  webDist: string;
  storage: StorageSettings;
  secureCookies: boolean;
  /**
   * Origins besides PUBLIC_URL whose pages may call the API with the session cookie: TRUSTED_ORIGINS
   * and, outside production, the other loopback names of a loopback PUBLIC_URL (`loopbackAliases`).
   */
  trustedOrigins: string[];
  /** OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME: traces, when an endpoint is set. */
  tracing: { endpoint: string; serviceName: string } | undefined;
  /** STAFF_TWO_FACTOR: whether a staff account needs two-factor on for the back office. */
  staffTwoFactor: boolean;
  /** METRICS_TOKEN: the bearer token of /api/metrics from outside this machine. */
  metricsToken: string | undefined;
};

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The same server under its other loopback names: for `http://localhost:3000`,
 * `http://127.0.0.1:3000` and `http://[::1]:3000`. Only this machine reaches them, and the start
 * log shows 127.0.0.1 beside the banner's localhost, so in development a page opened at either
 * is our own. Production keeps the one origin of PUBLIC_URL. Empty for any other host.
 */
export function loopbackAliases(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [];
  return LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map((host) => {
    const alias = new URL(url.origin);
    alias.hostname = host;
    return alias.origin;
  });
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Validates the environment once; every problem is listed by its variable name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === "production") {
    if (!e.AUTH_SECRET) problems.push("AUTH_SECRET: required in production");
    if (!e.PUBLIC_URL) problems.push("PUBLIC_URL: required in production");
    if (e.SHORT_CONTRACT_SECONDS !== undefined)
      problems.push("SHORT_CONTRACT_SECONDS: test servers only, not available in production");
  }
  if (problems.length) throw new ConfigError(problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET,
    admin: {
      email: e.ADMIN_EMAIL.toLowerCase(),
      password: e.ADMIN_PASSWORD,
      username: e.ADMIN_USERNAME,
      firstName: e.ADMIN_FIRST_NAME,
      lastName: e.ADMIN_LAST_NAME,
    },
    logLevel: e.LOG_LEVEL,
    requestLog: { mode: e.REQUEST_LOG, slowMs: e.REQUEST_LOG_SLOW_MS },
    trustProxy: e.TRUST_PROXY ?? false,
    authRateLimit: e.AUTH_RATE_LIMIT,
    moneyRateLimit: e.MONEY_RATE_LIMIT,
    workers: e.WORKERS === "on",
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    chatRateLimit: e.CHAT_RATE_LIMIT,
    realityCheckMinSeconds: e.REALITY_CHECK_MIN_SECONDS,
    shortContractSeconds: e.SHORT_CONTRACT_SECONDS ?? null,
    notificationRetentionDays: e.NOTIFICATION_RETENTION_DAYS,
    market: { source: e.MARKET_SOURCE, exchangeUrl: e.MARKET_EXCHANGE_URL, seed: e.MARKET_SEED },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
    storage: e.STORAGE_URL ?? { kind: "local" },
    secureCookies: publicUrl.startsWith("https://"),
    trustedOrigins: [
      ...(e.TRUSTED_ORIGINS ?? []).map((o) => new URL(o).origin),
      ...(e.NODE_ENV === "production" ? [] : loopbackAliases(publicUrl)),
    ],
    metricsToken: e.METRICS_TOKEN,
    staffTwoFactor: e.STAFF_TWO_FACTOR === "required",
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
  };
}
