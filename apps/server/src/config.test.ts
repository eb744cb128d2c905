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
      webDist: path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist"),
      secureCookies: false,
    });
  });

  it("treats empty strings as unset and derives the public URL from PORT", () => {
    const config = loadConfig({ PORT: "8080", DATABASE_URL: "", PUBLIC_URL: "" });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:8080");
  });

  it("reads the values it is given", () => {
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: "https://helio.example/",
      DATABASE_URL: "postgresql://u@db/helio",
      REDIS_URL: "redis://cache:6379",
      ADMIN_EMAIL: "Boss@Helio.Example",
      TRUST_PROXY: "1",
      AUTH_RATE_LIMIT: "5",
      DATABASE_POOL_SIZE: "8",
    });
    expect(config.databasePoolSize).toBe(8);
    expect(config.publicUrl).toBe("https://helio.example");
    expect(config.databaseUrl).toBe("postgresql://u@db/helio");
    expect(config.redisUrl).toBe("redis://cache:6379");
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
    ["AUTH_SECRET", { AUTH_SECRET: "too-short" }],
  ])("names %s when it is invalid", (name, env) => {
    const error = configError(env);
    expect(error.message).toContain(name);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(new RegExp(`^${name}: `));
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
