import { API, DEMO_GRANT_MICROCENTS, fromCents } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  databaseKinds,
  Client as HttpClient,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import {
  apiCents,
  captureMessages,
  expectError,
  expectSoundLedger,
  fundWallet,
  moneyApp,
} from "../../../test/money.ts";
import { moneyTransaction, postTransaction } from "../ledger/index.ts";

describe.each(databaseKinds)("wallet on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind, { MONEY_RATE_LIMIT: "20" });
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  /** Moves `amount` microcents of demo money directly through the ledger (as a trade would). */
  const spendDemo = (uid: string, amount: bigint, key: string) =>
    moneyTransaction(t.database.db, (tx) =>
      postTransaction(tx, {
        kind: "trade_stake",
        idempotencyKey: key,
        legs: [
          { account: { userId: uid, account: "demo" }, amount: -amount },
          { account: { system: "demo_issuer" }, amount },
        ],
      }),
    );

  it("answers 401 to visitors on every wallet route", async () => {
    const anon = new HttpClient(t.app);
    for (const res of [
      await anon.get(API.wallet),
      await anon.get(API.walletHistory),
      await anon.get(API.walletHistoryCsv),
      await anon.post(API.walletDemoReset, {}),
    ]) {
      expectError(res, 401, "UNAUTHENTICATED");
    }
  });

  it("shows every balance in microcents, starting with 10,000.00 of demo money", async () => {
    const { client } = await signUpVerified(t.app);
    const res = await client.get(API.wallet);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      wallet: "0",
      demo: apiCents(1_000_000),
      profit: "0",
      bonus: "0",
      withdrawal_hold: "0",
    });
  });

  it("answers balances and entries past 2⁵³ microcents exactly, as strings of digits", async () => {
    const { client, member } = await signUpVerified(t.app);
    // 1,000,000,000.00000001 USD: more microcents than a JSON number holds exactly.
    const huge = 100_000_000_000_000_001n;
    await moneyTransaction(t.database.db, (tx) =>
      postTransaction(tx, {
        kind: "adjustment",
        idempotencyKey: `huge-${member.uid}`,
        legs: [
          { account: { system: "adjustments" }, amount: -huge },
          { account: { userId: member.uid, account: "wallet" }, amount: huge },
        ],
      }),
    );
    expect((await client.get(API.wallet)).json()).toMatchObject({ wallet: "100000000000000001" });
    const history = (await client.get(`${API.walletHistory}?account=wallet`)).json();
    expect(history.items).toMatchObject([
      { amountMicrocents: "100000000000000001", balanceAfterMicrocents: "100000000000000001" },
    ]);
    const csv = (await client.get(`${API.walletHistoryCsv}?account=wallet`)).body;
    expect(csv).toMatch(/,adjustment,wallet,1000000000\.00000001,1000000000\.00000001,/);
  });

  it("applies sign-out, tampering, blocking and banning to the balance read at once", async () => {
    const read = (cookie: string) => t.app.inject({ url: API.wallet, headers: { cookie } });
    const blocked = await signUpVerified(t.app);
    const cookie = blocked.client.cookieHeader;
    expect((await read(cookie)).statusCode).toBe(200);
    // A forged token or signature.
    const forged = cookie.replace(/(session_token=)([^;.]+)/, (_m, name: string) => `${name}forged`);
    expectError(await read(forged), 401, "UNAUTHENTICATED");
    expectError(await read(cookie.replace(/=(;|$)/, "x$1")), 401, "UNAUTHENTICATED");
    // Blocked: 403 with the reason, at once; when unblocked, old sessions are over (foundation rule).
    await admin.post(API.adminMemberStatus(blocked.member.uid), { action: "block" });
    expectError(await read(cookie), 403, "ACCOUNT_BLOCKED");
    await admin.post(API.adminMemberStatus(blocked.member.uid), { action: "unblock" });
    expectError(await read(cookie), 401, "UNAUTHENTICATED");
    // Banned.
    const banned = await signUpVerified(t.app);
    await admin.post(API.adminMemberStatus(banned.member.uid), { action: "ban" });
    expectError(await read(banned.client.cookieHeader), 403, "ACCOUNT_BANNED");
    // Signed out: the old cookie no longer reads anything.
    const leaving = await signUpVerified(t.app);
    const old = leaving.client.cookieHeader;
    expect((await leaving.client.post("/api/auth/sign-out", {})).statusCode).toBe(200);
    expectError(await read(old), 401, "UNAUTHENTICATED");
  });

  it("answers reads arriving together (one shared query) each with the reader's own balances", async () => {
    const read = (cookie: string) => t.app.inject({ url: API.wallet, headers: { cookie } });
    const members = await Promise.all(Array.from({ length: 12 }, () => signUpVerified(t.app)));
    await Promise.all(
      members.map((m, i) => spendDemo(m.member.uid, fromCents((i + 1) * 101), `batch-read-${m.member.uid}`)),
    );
    const leaving = await signUpVerified(t.app);
    const old = leaving.client.cookieHeader;
    expect((await leaving.client.post("/api/auth/sign-out", {})).statusCode).toBe(200);
    // Each member three times, interleaved, with a signed-out cookie among them.
    const cookies = [...members, ...members, ...members].map((m) => m.client.cookieHeader);
    const answers = await Promise.all([...cookies.map(read), read(old), ...cookies.reverse().map(read)]);
    const expected = [...members, ...members, ...members].map((_, i) =>
      String(DEMO_GRANT_MICROCENTS - fromCents(((i % 12) + 1) * 101)),
    );
    const demos = answers.map((res) => (res.statusCode === 200 ? res.json().demo : res.statusCode));
    expect(demos).toEqual([...expected, 401, ...expected.reverse()]);
  });

  it("lists the member's own entries newest first, with filters and paging", async () => {
    const { client, member } = await signUpVerified(t.app);
    const other = await signUpVerified(t.app);
    await fundWallet(admin, member.uid, 5_000);
    await fundWallet(admin, member.uid, 1_234);
    await fundWallet(admin, other.member.uid, 999);
    await spendDemo(member.uid, fromCents(300), `spend-${member.uid}`);

    const all = (await client.get(API.walletHistory)).json();
    expect(all.total).toBe(4); // demo grant, two adjustments, one stake
    expect(all.items.map((e: { kind: string }) => e.kind)).toEqual([
      "trade_stake",
      "adjustment",
      "adjustment",
      "demo_grant",
    ]);
    expect(all.items[0]).toMatchObject({
      account: "demo",
      amountMicrocents: apiCents(-300),
      balanceAfterMicrocents: String(DEMO_GRANT_MICROCENTS - fromCents(300)),
    });
    expect(all.items[1]).toMatchObject({
      account: "wallet",
      amountMicrocents: apiCents(1_234),
      balanceAfterMicrocents: apiCents(6_234),
      memo: "Test funding",
      reference: { type: "user", id: member.uid },
    });
    expect(all.items.every((e: { amountMicrocents: string }) => e.amountMicrocents !== apiCents(999))).toBe(true);

    const wallet = (await client.get(`${API.walletHistory}?account=wallet`)).json();
    expect(wallet.items.map((e: { amountMicrocents: string }) => e.amountMicrocents)).toEqual([
      apiCents(1_234),
      apiCents(5_000),
    ]);
    const grants = (await client.get(`${API.walletHistory}?kind=demo_grant`)).json();
    expect(grants).toMatchObject({ total: 1, items: [{ amountMicrocents: String(DEMO_GRANT_MICROCENTS) }] });

    const page2 = (await client.get(`${API.walletHistory}?page=2&pageSize=3`)).json();
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3, items: [{ kind: "demo_grant" }] });

    const today = new Date().toISOString().slice(0, 10);
    expect((await client.get(`${API.walletHistory}?from=${today}&to=${today}`)).json().total).toBe(4);
    expect((await client.get(`${API.walletHistory}?to=2000-01-01`)).json().total).toBe(0);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await client.get(`${API.walletHistory}?from=${encodeURIComponent(future)}`)).json().total).toBe(0);
  });

  it("refuses bad filters with the field named", async () => {
    const { client } = await signUpVerified(t.app);
    expectError(await client.get(`${API.walletHistory}?kind=bogus`), 400, "VALIDATION_FAILED", "kind");
    expectError(await client.get(`${API.walletHistory}?account=savings`), 400, "VALIDATION_FAILED", "account");
    expectError(await client.get(`${API.walletHistory}?from=yesterday`), 400, "VALIDATION_FAILED", "from");
    expectError(await client.get(`${API.walletHistory}?pageSize=1000`), 400, "VALIDATION_FAILED", "pageSize");
    expectError(await client.get(`${API.walletHistory}?page=0`), 400, "VALIDATION_FAILED", "page");
  });

  it("exports the entries as CSV with exact decimal amounts", async () => {
    const { client, member } = await signUpVerified(t.app);
    await fundWallet(admin, member.uid, 1_005);
    await admin.post(API.adminMemberAdjust(member.uid), {
      account: "wallet",
      amountMicrocents: apiCents(-5),
      reason: '=HYPERLINK("x"), "quoted"',
    });
    const res = await client.get(`${API.walletHistoryCsv}?account=wallet`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="helio-wallet-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "date,kind,account,amount_usd,balance_after_usd,reference_type,reference_id,transaction_id,memo",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,adjustment,wallet,-0\.05,10\.00,user,/);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(lines[2]).toMatch(/,adjustment,wallet,10\.05,10\.05,user,.*,Test funding$/);
  });

  it("resets demo to exactly 10,000.00 from below and from above", async () => {
    const { client, member } = await signUpVerified(t.app);
    const pushed = captureMessages(t.app, member.uid);
    await spendDemo(member.uid, fromCents(123_456), `below-${member.uid}`);
    const down = await client.post(API.walletDemoReset, {});
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({
      demoMicrocents: String(DEMO_GRANT_MICROCENTS),
      replayed: false,
      transactionId: expect.any(String),
    });
    expect((await client.get(API.wallet)).json().demo).toBe(String(DEMO_GRANT_MICROCENTS));

    // Above: a demo payout larger than the stake.
    await moneyTransaction(t.database.db, (tx) =>
      postTransaction(tx, {
        kind: "trade_payout",
        idempotencyKey: `above-${member.uid}`,
        legs: [
          { account: { system: "demo_issuer" }, amount: -fromCents(77_777) },
          { account: { userId: member.uid, account: "demo" }, amount: fromCents(77_777) },
        ],
      }),
    );
    expect((await client.get(API.wallet)).json().demo).toBe(String(DEMO_GRANT_MICROCENTS + fromCents(77_777)));
    const up = await client.post(API.walletDemoReset, {});
    expect(up.json()).toMatchObject({ demoMicrocents: String(DEMO_GRANT_MICROCENTS), replayed: false });
    const resets = (await client.get(`${API.walletHistory}?kind=demo_reset`)).json();
    expect(resets.items.map((e: { amountMicrocents: string }) => e.amountMicrocents)).toEqual([
      apiCents(-77_777),
      apiCents(123_456),
    ]);

    // Already at 10,000.00: nothing to move.
    expect((await client.post(API.walletDemoReset, {})).json()).toEqual({
      transactionId: null,
      demoMicrocents: String(DEMO_GRANT_MICROCENTS),
      replayed: false,
    });
    // The two resets were announced (the direct ledger moves above are not HTTP requests), the
    // amounts as strings of digits, as the socket carries them.
    await expect.poll(() => pushed.messages.filter((m) => m.type === "balances").length).toBe(2);
    expect(pushed.messages.at(-1)).toEqual({ type: "balances", balances: { demo: String(DEMO_GRANT_MICROCENTS) } });
    pushed.off();
  });

  it("answers a repeated Idempotency-Key with the first result and moves once", async () => {
    const { client, member } = await signUpVerified(t.app);
    await spendDemo(member.uid, fromCents(500), `idem-${member.uid}`);
    const key = `reset-${member.uid}`;
    const reset = () =>
      client.request({ method: "POST", url: API.walletDemoReset, json: {}, headers: { "idempotency-key": key } });
    const first = (await reset()).json();
    await spendDemo(member.uid, fromCents(200), `idem2-${member.uid}`);
    const again = (await reset()).json();
    expect(again).toEqual({ ...first, replayed: true });
    expect((await client.get(API.wallet)).json().demo).toBe(String(DEMO_GRANT_MICROCENTS - fromCents(200)));
    expect((await client.get(`${API.walletHistory}?kind=demo_reset`)).json().total).toBe(1);
    const bad = await client.request({
      method: "POST",
      url: API.walletDemoReset,
      json: {},
      headers: { "idempotency-key": "bad key!" },
    });
    expectError(bad, 400, "VALIDATION_FAILED", "Idempotency-Key");
  });

  it("rate-limits money endpoints per member", async () => {
    const first = await signUpVerified(t.app);
    const second = await signUpVerified(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push((await first.client.post(API.walletDemoReset, {})).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
    const limited = await first.client.post(API.walletDemoReset, {});
    expectError(limited, 429, "RATE_LIMITED");
    // Another member (even from the same address) is not affected; reads are not limited.
    expect((await second.client.post(API.walletDemoReset, {})).statusCode).toBe(200);
    expect((await first.client.get(API.wallet)).statusCode).toBe(200);
  });
});
