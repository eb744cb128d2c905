import { API, fromCents, MAX_AMOUNT_MICROCENTS } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  changeSettings,
  databaseKinds,
  Client as HttpClient,
  queryRows,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import {
  apiCents,
  captureMessages,
  expectError,
  expectSoundLedger,
  gif,
  jpeg,
  moneyApp,
  multipartForm,
  pdf,
  png,
  postForm,
} from "../../../test/money.ts";
import { getMemberBalances } from "../ledger/index.ts";
import { expireDueInvoices } from "./service.ts";

type Invoice = { id: string; reference: string; amountMicrocents: string; status: string; [k: string]: unknown };

describe.each(databaseKinds)("deposits on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const create = async (
    client: Client,
    body: unknown = { amountMicrocents: apiCents(25_000) },
    headers?: Record<string, string>,
  ) => client.request({ method: "POST", url: API.deposits, json: body, headers });
  const invoiceOf = async (client: Client, body?: unknown) => {
    const res = await create(client, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Invoice;
  };
  const proofForm = async (data?: Buffer, contentType = "image/png", filename = "receipt.png") =>
    multipartForm({}, [{ field: "file", filename, contentType, data: data ?? (await png()) }]);
  const uploadProof = async (client: Client, id: string, data?: Buffer, contentType?: string, filename?: string) =>
    postForm(client, API.depositProof(id), await proofForm(data, contentType, filename));

  it("creates an invoice with a unique reference and the transfer instructions of the moment", async () => {
    const { client } = await signUpVerified(t.app);
    const before = Date.now();
    const invoice = await invoiceOf(client, { amountMicrocents: apiCents(25_000) });
    expect(invoice).toMatchObject({
      amountMicrocents: apiCents(25_000),
      status: "awaiting_payment",
      reference: expect.stringMatching(/^HD-[A-HJ-NP-Z2-9]{8}$/),
      instructions: { bankName: "Helio Bank", accountName: "Helio Ltd", accountNumber: "000-000-0000" },
      proof: null,
      reason: null,
      reviewedAt: null,
    });
    const expires = new Date(invoice.expiresAt as string).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(24 * 60 * 60_000 - 5_000); // default 1,440 minutes
    expect(expires - before).toBeLessThanOrEqual(24 * 60 * 60_000 + 5_000);
    const second = await invoiceOf(client, { amount: "100.5" });
    expect(second.amountMicrocents).toBe(apiCents(10_050));
    expect(second.reference).not.toBe(invoice.reference);
    // Nothing was credited.
    expect((await client.get(API.wallet)).json().wallet).toBe(apiCents(0));
  });

  it("refuses bad amounts with the field named", async () => {
    const { client } = await signUpVerified(t.app);
    const cases: [unknown, string][] = [
      [{}, "amount"],
      [{ amountMicrocents: apiCents(-100) }, "amountMicrocents"],
      [{ amountMicrocents: -100 }, "amountMicrocents"],
      [{ amountMicrocents: "0" }, "amountMicrocents"],
      [{ amountMicrocents: 1234.5 }, "amountMicrocents"],
      [{ amountMicrocents: "12.34" }, "amountMicrocents"],
      [{ amountMicrocents: "1e10" }, "amountMicrocents"],
      [{ amount: "12.345" }, "amount"],
      [{ amount: "-12" }, "amount"],
      [{ amount: "1e4" }, "amount"],
      [{ amount: 12.34 }, "amount"],
      [{ amount: "12.34", amountMicrocents: apiCents(1234) }, "amount"],
      [{ amountMicrocents: apiCents(999) }, "amountMicrocents"], // below the 10.00 minimum
      [{ amountMicrocents: String(fromCents(1_000) - 1n) }, "amountMicrocents"], // a microcent below it
      [{ amount: "9.99" }, "amount"],
      [{ amountMicrocents: String(MAX_AMOUNT_MICROCENTS + 1n) }, "amountMicrocents"],
    ];
    for (const [body, field] of cases) expectError(await create(client, body), 400, "VALIDATION_FAILED", field);
    expect((await client.get(API.deposits)).json().total).toBe(0);
  });

  it("follows the minimum from the settings", async () => {
    const { client } = await signUpVerified(t.app);
    const previous = await changeSettings(admin, { depositMinMicrocents: apiCents(50_000) });
    try {
      const low = await create(client, { amountMicrocents: apiCents(49_999) });
      expectError(low, 400, "VALIDATION_FAILED", "amountMicrocents");
      expect(low.json().error.message).toBe("amountMicrocents: The minimum deposit is 500.00 USD");
      expect((await create(client, { amountMicrocents: apiCents(50_000) })).statusCode).toBe(201);
    } finally {
      await changeSettings(admin, previous);
    }
  });

  it("answers a repeated Idempotency-Key with the same invoice", async () => {
    const { client } = await signUpVerified(t.app);
    const headers = { "idempotency-key": "deposit-key-0001" };
    const first = await create(client, { amountMicrocents: apiCents(12_345) }, headers);
    const again = await create(client, { amountMicrocents: apiCents(12_345) }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expectError(await create(client, { amountMicrocents: apiCents(5_000) }, headers), 409, "IDEMPOTENCY_CONFLICT");
    // The same amount as a JSON integer is the same request.
    expect((await create(client, { amountMicrocents: Number(fromCents(12_345)) }, headers)).json()).toEqual(
      first.json(),
    );
    // The key belongs to this member only.
    const other = await signUpVerified(t.app);
    const theirs = await create(other.client, { amountMicrocents: apiCents(12_345) }, headers);
    expect(theirs.json().id).not.toBe(first.json().id);
    // Racing copies make one invoice.
    const raced = await Promise.all(
      Array.from({ length: 10 }, () =>
        create(client, { amountMicrocents: apiCents(77_700) }, { "idempotency-key": "deposit-race-01" }),
      ),
    );
    expect(new Set(raced.map((r) => r.json().id)).size).toBe(1);
    expect((await client.get(API.deposits)).json().total).toBe(2);
  });

  it("lists and shows only the member's own invoices", async () => {
    const mine = await signUpVerified(t.app);
    const theirs = await signUpVerified(t.app);
    const a = await invoiceOf(mine.client, { amountMicrocents: apiCents(1_000) });
    const b = await invoiceOf(mine.client, { amountMicrocents: apiCents(2_000) });
    const other = await invoiceOf(theirs.client, { amountMicrocents: apiCents(3_000) });
    const list = (await mine.client.get(API.deposits)).json();
    expect(list).toMatchObject({ total: 2, page: 1, items: [{ id: b.id }, { id: a.id }] });
    expect((await mine.client.get(`${API.deposits}?status=approved`)).json().total).toBe(0);
    expect((await mine.client.get(API.deposit(a.id))).json()).toEqual(a);
    expectError(await mine.client.get(API.deposit(other.id)), 404, "NOT_FOUND");
    expectError(await uploadProof(mine.client, other.id), 404, "NOT_FOUND");
    expectError(await mine.client.get(API.depositProof(other.id)), 404, "NOT_FOUND");
    expectError(await mine.client.get(API.deposit("not-a-uuid")), 400, "VALIDATION_FAILED");
    expectError(await new HttpClient(t.app).get(API.deposit(a.id)), 401, "UNAUTHENTICATED");
  });

  it("takes a proof checked by content, stores it privately, and lets only the owner and admins read it", async () => {
    const { client, member } = await signUpVerified(t.app);
    const pushed = captureMessages(t.app, member.uid);
    const invoice = await invoiceOf(client);
    // A GIF named .png, text named .pdf, an empty file, the wrong field: refused.
    expectError(await uploadProof(client, invoice.id, gif(), "image/png", "x.png"), 400, "UNSUPPORTED_FILE", "file");
    expectError(
      await uploadProof(client, invoice.id, Buffer.from("not a pdf at all"), "application/pdf", "x.pdf"),
      400,
      "UNSUPPORTED_FILE",
      "file",
    );
    expectError(await uploadProof(client, invoice.id, Buffer.alloc(0)), 400, "UNSUPPORTED_FILE", "file");
    const wrongField = multipartForm({}, [
      { field: "proof", filename: "a.png", contentType: "image/png", data: await png() },
    ]);
    expectError(await postForm(client, API.depositProof(invoice.id), wrongField), 400, "VALIDATION_FAILED", "file");
    expectError(await client.post(API.depositProof(invoice.id), {}), 400, "VALIDATION_FAILED", "file");
    // Over 10 MB.
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    expectError(await uploadProof(client, invoice.id, big), 413, "PAYLOAD_TOO_LARGE", "file");
    expect((await client.get(API.deposit(invoice.id))).json().status).toBe("awaiting_payment");

    const data = pdf();
    const ok = await uploadProof(client, invoice.id, data, "application/octet-stream", "bank receipt.pdf");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: "proof_submitted",
      proof: {
        url: API.depositProof(invoice.id),
        fileName: "bank receipt.pdf",
        contentType: "application/pdf",
        size: data.length,
      },
    });
    const download = await client.get(API.depositProof(invoice.id));
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["cache-control"]).toBe("private, no-store");
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="HD-[A-Z0-9]{8}-proof\.pdf"/);
    expect(download.rawPayload.equals(data)).toBe(true);
    expect((await admin.get(API.depositProof(invoice.id))).rawPayload.equals(data)).toBe(true);
    const stranger = await signUpVerified(t.app);
    expectError(await stranger.client.get(API.depositProof(invoice.id)), 404, "NOT_FOUND");
    expectError(await new HttpClient(t.app).get(API.depositProof(invoice.id)), 401, "UNAUTHENTICATED");
    // Never under a public URL: the stored key is random and not served by /api/files.
    const [row] = await queryRows<{ proof_key: string }>(
      t.database,
      sql`select proof_key from deposit_invoices where id = ${invoice.id}`,
    );
    expect(row?.proof_key).toMatch(/^deposits\/[0-9a-f-]{36}\.pdf$/);
    expect((await client.get(`${API.files}/${row?.proof_key}`)).statusCode).toBe(404);

    // Replaced before review: the old file goes.
    const jpg = await jpeg();
    const replaced = await uploadProof(client, invoice.id, jpg, "image/jpeg", "photo.jpg");
    expect(replaced.json().proof).toMatchObject({ contentType: "image/jpeg", size: jpg.length });
    expect(await t.app.services.storage.read(row?.proof_key as string)).toBeNull();
    await expect
      .poll(() => pushed.messages.filter((m) => m.type === "deposit.updated"))
      .toEqual([
        { type: "deposit.updated", id: invoice.id, status: "proof_submitted" },
        { type: "deposit.updated", id: invoice.id, status: "proof_submitted" },
      ]);
    pushed.off();
  });

  it("credits the wallet once when an admin approves, however often it is pressed", async () => {
    const { client, member } = await signUpVerified(t.app);
    const pushed = captureMessages(t.app, member.uid);
    const invoice = await invoiceOf(client, { amountMicrocents: apiCents(43_210) });
    // No proof yet: cannot be approved.
    expectError(await admin.post(API.adminDepositApprove(invoice.id), {}), 409, "CONFLICT");
    await uploadProof(client, invoice.id);

    const queue = (await admin.get(API.adminDeposits)).json();
    const queued = queue.items.find((i: Invoice) => i.id === invoice.id);
    expect(queued).toMatchObject({
      status: "proof_submitted",
      member: { uid: member.uid, email: expect.any(String) },
      proof: { url: API.depositProof(invoice.id) },
    });

    const approve = await admin.post(API.adminDepositApprove(invoice.id), {});
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ status: "approved", reviewedAt: expect.any(String) });
    const again = await admin.post(API.adminDepositApprove(invoice.id), {});
    expect(again.json().status).toBe("approved");
    expect((await getMemberBalances(t.database.db, member.uid)).wallet).toBe(fromCents(43_210));
    const entries = (await client.get(`${API.walletHistory}?kind=deposit`)).json();
    expect(entries).toMatchObject({
      total: 1,
      items: [
        { amountMicrocents: apiCents(43_210), account: "wallet", reference: { type: "deposit", id: invoice.id } },
      ],
    });
    // Decided: no more proof, no rejection.
    expectError(await uploadProof(client, invoice.id), 409, "CONFLICT");
    expectError(await admin.post(API.adminDepositReject(invoice.id), { reason: "Too late now" }), 409, "CONFLICT");
    const audit = (await admin.get(`${API.adminAudit}?targetUserId=${member.uid}`)).json();
    expect(audit.items.filter((a: { action: string }) => a.action === "deposit.approve")).toHaveLength(1);
    await expect
      .poll(() => pushed.messages.map((m) => (m.type === "deposit.updated" ? m.status : m.type)))
      .toEqual(["proof_submitted", "balances", "approved", "notification"]);
    expect(pushed.messages[1]).toEqual({ type: "balances", balances: { wallet: apiCents(43_210) } });
    pushed.off();
  });

  it("credits once when two admins approve the same deposit at the same moment", async () => {
    const second = await signInAdmin(t.app);
    const { client, member } = await signUpVerified(t.app);
    const invoices: Invoice[] = [];
    for (let i = 0; i < 5; i++) {
      const invoice = await invoiceOf(client, { amountMicrocents: apiCents(10_000 + i) });
      await uploadProof(client, invoice.id);
      invoices.push(invoice);
    }
    for (const invoice of invoices) {
      const results = await Promise.all([
        admin.post(API.adminDepositApprove(invoice.id), {}),
        second.post(API.adminDepositApprove(invoice.id), {}),
        admin.post(API.adminDepositApprove(invoice.id), {}),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    }
    expect((await getMemberBalances(t.database.db, member.uid)).wallet).toBe(fromCents(50_010));
    const [count] = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from ledger_transactions where kind = 'deposit' and reference_id in (${sql.join(
        invoices.map((i) => sql`${i.id}`),
        sql`, `,
      )})`,
    );
    expect(count?.n).toBe(5);
  });

  it("rejects with a reason the member reads, and never credits", async () => {
    const { client, member } = await signUpVerified(t.app);
    const pushed = captureMessages(t.app, member.uid);
    const withProof = await invoiceOf(client);
    await uploadProof(client, withProof.id);
    const noProof = await invoiceOf(client);
    expectError(await admin.post(API.adminDepositReject(withProof.id), {}), 400, "VALIDATION_FAILED", "reason");
    expectError(
      await admin.post(API.adminDepositReject(withProof.id), { reason: " x " }),
      400,
      "VALIDATION_FAILED",
      "reason",
    );
    for (const invoice of [withProof, noProof]) {
      const res = await admin.post(API.adminDepositReject(invoice.id), { reason: "No matching transfer received" });
      expect(res.json()).toMatchObject({ status: "rejected", reason: "No matching transfer received" });
    }
    expect((await client.get(API.deposit(withProof.id))).json()).toMatchObject({
      status: "rejected",
      reason: "No matching transfer received",
    });
    expectError(await admin.post(API.adminDepositApprove(withProof.id), {}), 409, "CONFLICT");
    expectError(await uploadProof(client, noProof.id), 409, "CONFLICT");
    expect((await getMemberBalances(t.database.db, member.uid)).wallet).toBe(0n);
    await expect
      .poll(() => pushed.messages.filter((m) => m.type === "deposit.updated" && m.status === "rejected").length)
      .toBe(2);
    pushed.off();
  });

  it("expires invoices without a proof once their time is up (worker tick), and only those", async () => {
    const { client, member } = await signUpVerified(t.app);
    const pushed = captureMessages(t.app, member.uid);
    const stale = await invoiceOf(client);
    const proven = await invoiceOf(client);
    await uploadProof(client, proven.id);
    const fresh = await invoiceOf(client);
    await t.database.db.execute(
      sql`update deposit_invoices set expires_at = now() - interval '1 minute' where id in (${stale.id}, ${proven.id})`,
    );
    // Far in the future for the others in this database, so they do not count here.
    const expired = await expireDueInvoices({ db: t.database.db, realtime: t.app.services.realtime });
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await client.get(API.deposit(stale.id))).json().status).toBe("expired");
    expect((await client.get(API.deposit(proven.id))).json().status).toBe("proof_submitted");
    expect((await client.get(API.deposit(fresh.id))).json().status).toBe("awaiting_payment");
    expect(await expireDueInvoices({ db: t.database.db, realtime: t.app.services.realtime })).toBe(0);
    expectError(await uploadProof(client, stale.id), 409, "CONFLICT");
    await expect
      .poll(() => pushed.messages.find((m) => m.type === "deposit.updated" && m.status === "expired"))
      .toEqual({ type: "deposit.updated", id: stale.id, status: "expired" });

    // Past its time but not yet swept: uploading a proof finds it expired.
    await t.database.db.execute(
      sql`update deposit_invoices set expires_at = now() - interval '1 second' where id = ${fresh.id}`,
    );
    const late = await uploadProof(client, fresh.id);
    expectError(late, 409, "CONFLICT");
    expect((await client.get(API.deposit(fresh.id))).json().status).toBe("expired");
    pushed.off();
  });

  it("shows the back-office queue by status and member, and answers 404 to members", async () => {
    const { client, member } = await signUpVerified(t.app);
    const invoice = await invoiceOf(client);
    const all = (await admin.get(`${API.adminDeposits}?status=all&uid=${member.uid}`)).json();
    expect(all).toMatchObject({ total: 1, items: [{ id: invoice.id, status: "awaiting_payment" }] });
    expect((await admin.get(`${API.adminDeposits}?uid=${member.uid}`)).json().total).toBe(0);
    expect((await admin.get(API.adminDeposit(invoice.id))).json()).toMatchObject({
      id: invoice.id,
      member: { uid: member.uid },
    });
    expectError(await admin.get(API.adminDeposit("00000000-0000-4000-8000-000000000000")), 404, "NOT_FOUND");
    expectError(await admin.get(`${API.adminDeposits}?status=bogus`), 400, "VALIDATION_FAILED", "status");
    for (const res of [
      await client.get(API.adminDeposits),
      await client.get(API.adminDeposit(invoice.id)),
      await client.post(API.adminDepositApprove(invoice.id), {}),
      await client.post(API.adminDepositReject(invoice.id), { reason: "I reject myself" }),
    ]) {
      expectError(res, 404, "NOT_FOUND");
    }
  });
});
