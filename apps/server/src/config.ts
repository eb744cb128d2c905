import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address members reach us at; links in mail and cookie security derive from it. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  /** Connections this process keeps open to PostgreSQL at most. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Helio <no-reply@helio.local>"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_EMAIL: z.email().default("admin@helio.local"),
  ADMIN_PASSWORD: z.string().min(10, "must be at least 10 characters").optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[a-z0-9_]{3,20}$/, "3 to 20 characters: a-z, 0-9 and _")
    .default("support"),
  ADMIN_FIRST_NAME: z.string().min(1).default("Helio"),
  ADMIN_LAST_NAME: z.string().min(1).default("Support"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Which finished requests are logged: only 5xx and slow ones (default), every one, or none. */
  REQUEST_LOG: z.enum(["problems", "all", "off"]).default("problems"),
  /** A request slower than this (ms) is logged as slow in the `problems` mode. */
  REQUEST_LOG_SLOW_MS: z.coerce.number().int().min(1).default(1000),
  TRUST_PROXY: bool,
  /** Attempts per minute per client on sign-in, sign-up, reset and 2FA endpoints. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Requests per minute per member on each money endpoint (deposits, withdrawals, bank data, …). */
  MONEY_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Background workers (deposit invoice expiry, …) in this process: on (default) or off. */
  WORKERS: z.enum(["on", "off"]).default("on"),
  /** Chat messages a member (or admin) may send per 10 seconds. */
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Where prices come from: the offline simulator (default) or a live exchange feed. */
  MARKET_SOURCE: z.enum(["sim", "exchange"]).default("sim"),
  /** Base URL of the Binance-style combined stream (`/stream?streams=…` is appended). */
  MARKET_EXCHANGE_URL: z
    .string()
    .regex(/^wss?:\/\//, "must be a ws:// or wss:// URL")
    .default("wss://stream.binance.com:9443"),
  /** Seed of the simulator's random walk (default: the start time). */
  MARKET_SEED: z.coerce.number().int().optional(),
  WEB_DIST: z.string().optional(),
  /** Extra origins allowed to call the API with cookies (comma-separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ message: "must be a comma-separated list of origins" })))
    .optional(),
});

/** The web app built by `npm run build` next to this server. */
const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
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
  /** Chat messages per 10 seconds per user. */
  chatRateLimit: number;
  market: { source: "sim" | "exchange"; exchangeUrl: string; seed: number | undefined };
  webDist: string;
  secureCookies: boolean;
  trustedOrigins: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
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
    chatRateLimit: e.CHAT_RATE_LIMIT,
    market: { source: e.MARKET_SOURCE, exchangeUrl: e.MARKET_EXCHANGE_URL, seed: e.MARKET_SEED },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : DEFAULT_WEB_DIST,
    secureCookies: publicUrl.startsWith("https://"),
    trustedOrigins: (e.TRUSTED_ORIGINS ?? []).map((o) => new URL(o).origin),
  };
}
