import { API, priceToUnits } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  createTestApp,
  databaseKinds,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { apiCents, fundWallet, moneyApp } from "../../../test/money.ts";

const TOKEN = "metrics-token-0123456789abcdefghijklmnop";

/** The value of one sample of the Prometheus text (0 when the series is not there yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = line.match(/^([a-z_:]+)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? "").split(",").filter(Boolean);
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(match[3]);
  }
  return 0;
}

describe.each(databaseKinds)("metrics on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: "/api/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    return res.body;
  };

  it("serves loopback only, not a forwarded request nor another address", async () => {
    expect((await t.app.inject({ url: "/api/metrics" })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/metrics", remoteAddress: "203.0.113.7" })).statusCode).toBe(404);
    const forwarded = await t.app.inject({ url: "/api/metrics", headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(forwarded.statusCode).toBe(404);
    // Without a configured token, a bearer header opens nothing.
    const bearer = await t.app.inject({
      url: "/api/metrics",
      remoteAddress: "203.0.113.7",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(bearer.statusCode).toBe(404);
  });

  it("counts requests by route pattern and status, with their latency", async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: API.health })).statusCode).toBe(200);
    const { member } = await signUpVerified(t.app);
    await admin.get(API.adminMember(member.uid));
    await admin.get(API.adminMember("no-such-member"));
    const after = await scrape();
    const count = (text: string, route: string, status: string) =>
      sample(text, "helio_http_request_duration_seconds_count", { method: "GET", route, status });
    expect(count(after, API.health, "200") - count(before, API.health, "200")).toBe(3);
    // One series for every member's page: the pattern, never the id.
    expect(count(after, "/api/admin/members/:uid", "200") - count(before, "/api/admin/members/:uid", "200")).toBe(1);
    expect(count(after, "/api/admin/members/:uid", "404") - count(before, "/api/admin/members/:uid", "404")).toBe(1);
    expect(after).not.toContain(member.uid);
    const bucket = (text: string) =>
      sample(text, "helio_http_request_duration_seconds_bucket", {
        le: "+Inf",
        method: "GET",
        route: API.health,
        status: "200",
      });
    expect(bucket(after) - bucket(before)).toBe(3);
  });

  it("counts ledger movements by kind and the bus's messages", async () => {
    const before = await scrape();
    const { member } = await signUpVerified(t.app);
    await fundWallet(admin, member.uid, 1_000);
    await fundWallet(admin, member.uid, 2_000);
    const after = await scrape();
    const moved = (text: string, k: string) => sample(text, "helio_ledger_movements_total", { kind: k });
    expect(moved(after, "adjustment") - moved(before, "adjustment")).toBe(2);
    // The demo grant of the new account, and each adjustment's balances pushed over the bus.
    expect(moved(after, "demo_grant") - moved(before, "demo_grant")).toBeGreaterThanOrEqual(0);
    const published = (text: string) => sample(text, "helio_bus_messages_total", { direction: "published" });
    expect(published(after) - published(before)).toBeGreaterThanOrEqual(2);

    // The ledger verification's outcome, for the alert on a failed one.
    expect((await admin.get(API.adminLedgerVerify)).json().ok).toBe(true);
    const verified = await scrape();
    expect(sample(verified, "helio_ledger_verification_failed")).toBe(0);
    expect(sample(verified, "helio_ledger_verification_last_run_timestamp_seconds")).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
  });

  it("reads each worker's lag: due contracts and the oldest's age, due accruals, the mail queue and failed mails", async () => {
    const { client } = await signUpVerified(t.app, {});
    await t.app.services.market.record([{ symbol: "BTC", price: priceToUnits("95000") as number, at: new Date() }]);
    const placed = await client.request({
      method: "POST",
      url: API.trades,
      json: { symbol: "BTC", direction: "up", amountMicrocents: apiCents(1_000), durationSeconds: 30 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const before = await scrape();
    // Its expiry 90 s ago with no worker running (WORKERS is off in the tests): settlement is behind.
    await t.database.db.execute(
      sql`update trade_contracts set expires_at = now() - interval '90 seconds' where id = ${placed.json().id}`,
    );
    const after = await scrape();
    expect(sample(after, "helio_settlement_due") - sample(before, "helio_settlement_due")).toBe(1);
    expect(sample(after, "helio_settlement_oldest_due_seconds")).toBeGreaterThanOrEqual(89);
    expect(sample(after, "helio_accrual_due")).toBeGreaterThanOrEqual(0);

    // A mail due a minute ago, and one given up on.
    await t.database.db.execute(sql`
      insert into notifications (id, user_id, kind, event_key, title, body, link)
      select gen_random_uuid()::text, id, 'security', 'metrics-test:' || n, 't', 'b', '/'
      from "user", generate_series(1, 2) as n where email = 'admin@helio.test'`);
    const mailBefore = await scrape();
    await t.database.db.execute(sql`
      insert into notification_emails (notification_id, status, next_attempt_at)
      select id, case when event_key like '%1' then 'pending' else 'failed' end, now() - interval '60 seconds'
      from notifications where event_key like 'metrics-test:%'`);
    const mailAfter = await scrape();
    expect(sample(mailAfter, "helio_mail_due") - sample(mailBefore, "helio_mail_due")).toBe(1);
    expect(sample(mailAfter, "helio_mail_oldest_due_seconds")).toBeGreaterThanOrEqual(59);
    expect(sample(mailAfter, "helio_mail_failed") - sample(mailBefore, "helio_mail_failed")).toBe(1);
  });

  it("counts open WebSocket connections", async () => {
    const text = await scrape();
    expect(text).toContain("# TYPE helio_websocket_connections gauge");
    if (kind === "postgres") expect(text).toContain('helio_db_pool_connections{state="total"}');
  });
});

describe("metrics with a token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => t?.close());

  it("serves a scraper from anywhere with the bearer token, and nobody with a wrong one", async () => {
    const remote = (authorization?: string) =>
      t.app.inject({
        url: "/api/metrics",
        remoteAddress: "203.0.113.7",
        headers: authorization ? { authorization } : {},
      });
    expect((await remote(`Bearer ${TOKEN}`)).statusCode).toBe(200);
    expect((await remote(`Bearer ${TOKEN.slice(0, -1)}x`)).statusCode).toBe(404);
    expect((await remote()).statusCode).toBe(404);
  });
});
