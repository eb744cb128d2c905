import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("loadConfig did not throw");
}

describe("loadConfig", () => {
  it("fills the defaults from an empty environment", () => {
    const config = loadConfig({});
    // toMatchObject: features add their own settings; these are the platform's.
    expect(config).toMatchObject({
      env: "development",
      host: "0.0.0.0",
      port: 3000,
      publicUrl: "http://localhost:3000",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      databasePoolSize: 20,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: "Helio <no-reply@helio.local>",
      authSecret: undefined,
      admin: {
        email: "admin@helio.local",
        password: undefined,
        username: "support",
        firstName: "Helio",
        lastName: "Support",
      },
      logLevel: "info",
      requestLog: { mode: "problems", slowMs: 1000 },
      trustProxy: false,
      authRateLimit: 10,
      moneyRateLimit: 30,
      workers: true,
      chatRateLimit: 30,
      notificationRetentionDays: 365,
      webDist: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist"),
      storage: { kind: "local" },
      secureCookies: false,
    });
  });

  it("treats empty strings as unset and derives the public URL from PORT", () => {
    const config = loadConfig({ PORT: "8080", DATABASE_URL: "", PUBLIC_URL: "" });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisPrefix).toBe("helio:");
    expect(config.publicUrl).toBe("http://localhost:8080");
  });

  it("reads the values it is given", () => {
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: "https://helio.example/",
      DATABASE_URL: "postgresql://u@db/helio",
      REDIS_URL: "redis://cache:6379",
      REDIS_PREFIX: "helio-staging:",
      ADMIN_EMAIL: "Boss@Helio.Example",
      TRUST_PROXY: "1",
      AUTH_RATE_LIMIT: "5",
      DATABASE_POOL_SIZE: "8",
    });
    expect(config.databasePoolSize).toBe(8);
    expect(config.publicUrl).toBe("https://helio.example");
    expect(config.databaseUrl).toBe("postgresql://u@db/helio");
    expect(config.redisUrl).toBe("redis://cache:6379");
    expect(config.redisPrefix).toBe("helio-staging:");
    expect(config.admin.email).toBe("boss@helio.example");
    expect(config.trustProxy).toBe(true);
    expect(config.authRateLimit).toBe(5);
  });

  it.each([
    ["PORT", { PORT: "not-a-number" }],
    ["PORT", { PORT: "70000" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://u@db/helio" }],
    ["DATABASE_POOL_SIZE", { DATABASE_POOL_SIZE: "0" }],
    ["ADMIN_PASSWORD", { ADMIN_PASSWORD: "short" }],
    ["REDIS_URL", { REDIS_URL: "http://cache" }],
    ["REDIS_PREFIX", { REDIS_PREFIX: "helio prod:" }],
    ["AUTH_SECRET", { AUTH_SECRET: "too-short" }],
    ["NOTIFICATION_RETENTION_DAYS", { NOTIFICATION_RETENTION_DAYS: "3" }],
  ])("names %s when it is invalid", (name, env) => {
    const error = configError(env);
    expect(error.message).toContain(name);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it("reads STORAGE_URL: bucket, prefix, endpoint, region and credentials", () => {
    expect(
      loadConfig({
        STORAGE_URL:
          "s3://AKID%2B1:se%2Fcret%2Bkey@helio-files/prod/uploads/?endpoint=http://127.0.0.1:9000/&region=eu-west-1",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "helio-files",
      prefix: "prod/uploads",
      region: "eu-west-1",
      endpoint: "http://127.0.0.1:9000",
      credentials: { accessKeyId: "AKID+1", secretAccessKey: "se/cret+key" },
    });
    // AWS itself, credentials from the SDK's chain (AWS_ACCESS_KEY_ID, …).
    expect(loadConfig({ STORAGE_URL: "s3://helio.files" }).storage).toEqual({
      kind: "s3",
      bucket: "helio.files",
      prefix: "",
      region: "us-east-1",
      endpoint: undefined,
      credentials: undefined,
    });
  });

  it.each([
    ["https://bucket.s3.amazonaws.com", "must start with s3://"],
    ["s3://Bucket_Name", "bucket name"],
    ["s3://ab", "bucket name"],
    ["s3://bucket:9000", "bucket name"],
    ["s3://bucket/../up", "prefix"],
    ["s3://bucket/a%20b", "prefix"],
    ["s3://only-key@bucket", "KEY and SECRET"],
    ["s3://bucket?endpint=http://x", "unknown option endpint"],
    ["s3://bucket?endpoint=ftp://x", "endpoint"],
    ["s3://bucket?endpoint=http://user:pw@minio:9000", "endpoint"],
    ["s3://bucket?region=EU%20West", "region"],
    ["not a url", "not a URL"],
  ])("refuses STORAGE_URL %j, naming the problem and never the value", (value, problem) => {
    const error = configError({ STORAGE_URL: value });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^STORAGE_URL: /);
    expect(error.problems[0]).toContain(problem);
    expect(error.problems[0]).toContain("s3://[KEY:SECRET@]bucket");
    const secret = configError({ STORAGE_URL: "s3://key:hunter2-secret@bucket?endpoint=nope" });
    expect(secret.message).not.toContain("hunter2");
  });

  it("lists every invalid variable at once", () => {
    const error = configError({ PORT: "x", DATABASE_URL: "nope", ADMIN_PASSWORD: "short" });
    expect(error.problems.map((p) => p.split(":")[0]).sort()).toEqual(["ADMIN_PASSWORD", "DATABASE_URL", "PORT"]);
  });

  it("requires AUTH_SECRET and PUBLIC_URL in production and lists both", () => {
    const error = configError({ NODE_ENV: "production" });
    expect(error.message).toContain("AUTH_SECRET");
    expect(error.message).toContain("PUBLIC_URL");
    expect(error.problems).toHaveLength(2);

    const onlyUrl = configError({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) });
    expect(onlyUrl.problems).toEqual(["PUBLIC_URL: required in production"]);

    const config = loadConfig({
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      PUBLIC_URL: "https://helio.example",
    });
    expect(config.env).toBe("production");
  });

  it("offers a short contract duration to test servers only: under 30 s, never in production", () => {
    expect(loadConfig({}).shortContractSeconds).toBeNull();
    expect(loadConfig({ SHORT_CONTRACT_SECONDS: "8" }).shortContractSeconds).toBe(8);
    expect(configError({ SHORT_CONTRACT_SECONDS: "30" }).problems[0]).toMatch(/^SHORT_CONTRACT_SECONDS:/);
    expect(configError({ SHORT_CONTRACT_SECONDS: "0" }).problems[0]).toMatch(/^SHORT_CONTRACT_SECONDS:/);
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), PUBLIC_URL: "https://helio.example" };
    expect(configError({ ...production, SHORT_CONTRACT_SECONDS: "8" }).problems).toEqual([
      "SHORT_CONTRACT_SECONDS: test servers only, not available in production",
    ]);
  });

  it("uses secure cookies only for an https PUBLIC_URL", () => {
    expect(loadConfig({ PUBLIC_URL: "https://helio.example" }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "http://helio.example" }).secureCookies).toBe(false);
    expect(loadConfig({}).secureCookies).toBe(false);
    expect(
      loadConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), PUBLIC_URL: "http://10.0.0.5:3000" })
        .secureCookies,
    ).toBe(false);
  });
});

describe("SHUTDOWN_DRAIN_MS", () => {
  it("defaults to 3 s, accepts 0 and whole milliseconds, and refuses anything else by name", () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(3000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "0" }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "1500" }).shutdownDrainMs).toBe(1500);
    for (const bad of ["-1", "1.5", "soon", "120001"]) {
      expect(configError({ SHUTDOWN_DRAIN_MS: bad }).message).toMatch(/SHUTDOWN_DRAIN_MS/);
    }
  });
});
