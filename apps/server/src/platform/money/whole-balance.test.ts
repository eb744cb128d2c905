/**
 * "Typing the balance as shown takes the whole balance" (docs/decisions/0020-money-in-microcents.md,
 * `takenFrom` in rate-quote.ts): a balance need not be a whole number of hundredths in the member's
 * currency, so the amount typed as the screen shows it may come to a little more than the balance;
 * it then takes exactly the balance. One hundredth more is more than the balance, and so is an
 * amount sent in microcents above it.
 */
import { API, type Currency, formatMoney, localToUsdMicrocents, priceToUnits } from "@helio/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, databaseKinds, signInAdmin, signUpVerified, type TestApp } from "../../../test/helpers.ts";
import { createPackage, expectError, expectSoundLedger, idr, moneyApp, readyMember } from "../../../test/money.ts";

/** An IDR balance that shows as 185,000.00 IDR at 16,250 IDR per USD but is less than 185,000 IDR converts to. */
const IDR_BALANCE = 1_138_461_537n;
/** 10.489 USD: shows as 10.49 USD, a tenth of a cent less. */
const USD_BALANCE = 1_048_900_000n;

type Json = Record<string, unknown>;
type Flow = {
  name: string;
  /** The member's account the request takes from. */
  source: "wallet" | "profit";
  /** A fresh member of `currency` ready for the request, with nothing in `source` yet. */
  member(currency: Currency): Promise<{ client: Client; uid: string }>;
  send(client: Client, body: Json, key?: string): Promise<LightMyRequestResponse>;
  /** What the request took, in microcents, from its answer. */
  taken(answer: Json): string;
  /** The part of the answer a replay repeats exactly. */
  record(answer: Json): unknown;
};

describe.each(databaseKinds)("typing the balance as shown takes the whole balance on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  let slug: string;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
    slug = await createPackage(admin, {
      name: "Whole tier",
      slug: "whole-tier",
      dailyRateBps: 100,
      durationPeriods: 5,
    });
  });
  afterAll(async () => t?.close());

  const request = (client: Client, url: string, body: Json, key?: string) =>
    client.request({ method: "POST", url, json: body, headers: key ? { "idempotency-key": key } : {} });
  const member = async (currency: Currency) => {
    const { client, member } = await signUpVerified(t.app, { currency });
    return { client, uid: member.uid };
  };

  const flows: Flow[] = [
    {
      name: "a withdrawal",
      source: "wallet",
      member: async (currency) => {
        const { client, member } = await readyMember(t.app, admin, { currency });
        return { client, uid: member.uid };
      },
      send: (client, body, key) => request(client, API.withdrawals, body, key),
      taken: (answer) => answer.amountMicrocents as string,
      record: (answer) => answer,
    },
    {
      name: "an investment",
      source: "wallet",
      member,
      send: (client, body, key) => request(client, API.investments, { slug, ...body }, key),
      taken: (answer) => (answer.investment as Json).amountMicrocents as string,
      record: (answer) => answer.investment,
    },
    {
      name: "a Real stake",
      source: "wallet",
      member: async (currency) => {
        const account = await member(currency);
        const real = await admin.put(API.adminMemberTrading(account.uid), { userTrading: true });
        expect(real.statusCode, real.body).toBe(200);
        return account;
      },
      send: async (client, body, key) => {
        await t.app.services.market.record([{ symbol: "ETH", price: priceToUnits("3500") as number, at: new Date() }]);
        return request(client, API.trades, { symbol: "ETH", direction: "down", durationSeconds: 60, ...body }, key);
      },
      taken: (answer) => answer.amountMicrocents as string,
      record: (answer) => answer,
    },
    {
      name: "a move from the profit fund",
      source: "profit",
      member,
      send: (client, body, key) => request(client, API.fundTransfers("profit"), body, key),
      taken: (answer) => (answer.transfer as Json).amountMicrocents as string,
      record: (answer) => ({ transfer: answer.transfer, walletMicrocents: answer.walletMicrocents }),
    },
  ];

  describe.each(flows)("$name", (flow) => {
    /** A fresh member of `currency` whose source account holds `balance` microcents (a back-office credit). */
    const funded = async (currency: Currency, balance: bigint) => {
      const account = await flow.member(currency);
      const credit = await admin.post(API.adminMemberAdjust(account.uid), {
        account: flow.source,
        amountMicrocents: balance.toString(),
        reason: "Test funding",
      });
      expect(credit.statusCode, credit.body).toBe(200);
      return account;
    };
    const balances = async (client: Client) => (await client.get(API.wallet)).json() as Record<string, string>;
    const sourceOf = async (client: Client) => BigInt((await balances(client))[flow.source] as string);

    it("takes exactly the balance when the member types it as shown; the replay answers it, another amount under its key is a conflict", async () => {
      // The balance shows as 185,000.00 IDR, and 185,000 IDR is one microcent more than it.
      expect(formatMoney(IDR_BALANCE, "IDR", 16250)).toBe("185,000.00 IDR");
      expect(localToUsdMicrocents("185000", "16250")).toBe(IDR_BALANCE + 1n);
      const { client } = await funded("IDR", IDR_BALANCE);
      const key = `whole-${flow.source}-${Math.random().toString(36).slice(2, 10)}`;
      const first = await flow.send(client, idr("185000"), key);
      expect(first.statusCode, first.body).toBe(201);
      expect(flow.taken(first.json())).toBe(IDR_BALANCE.toString());
      expect(await sourceOf(client)).toBe(0n);
      if (flow.name === "a withdrawal") {
        // The withdrawal keeps the amount as typed, beside the balance it took.
        expect(first.json().local).toMatchObject({ amount: "185000.00", currency: "IDR", rate: "16250" });
        expect((await balances(client)).withdrawal_hold).toBe(IDR_BALANCE.toString());
      }

      const replay = await flow.send(client, idr("185000"), key);
      expect(replay.statusCode, replay.body).toBe(201);
      expect(replay.headers["idempotent-replayed"]).toBe("true");
      expect(flow.record(replay.json())).toEqual(flow.record(first.json()));
      // Answers that say whether they are a replay (an investment, a fund move) say so.
      if ("replayed" in first.json()) expect([first.json().replayed, replay.json().replayed]).toEqual([false, true]);
      expect(await sourceOf(client)).toBe(0n);

      expectError(await flow.send(client, idr("184999"), key), 409, "IDEMPOTENCY_CONFLICT", "Idempotency-Key");
      expect(await sourceOf(client)).toBe(0n);
      await expectSoundLedger(t.database);
    });

    it("refuses one hundredth more than the balance as shown, and moves nothing", async () => {
      const { client } = await funded("IDR", IDR_BALANCE);
      const before = await balances(client);
      const res = await flow.send(client, idr("185000.01"));
      expectError(res, 409, "INSUFFICIENT_FUNDS");
      expect(await balances(client)).toEqual(before);
      expect(await sourceOf(client)).toBe(IDR_BALANCE);
      await expectSoundLedger(t.database);
    });

    it("takes all of a USD balance of 10.489 USD when the member types 10.49", async () => {
      expect(formatMoney(USD_BALANCE, "USD")).toBe("10.49 USD");
      const { client } = await funded("USD", USD_BALANCE);
      const res = await flow.send(client, { amount: "10.49" });
      expect(res.statusCode, res.body).toBe(201);
      expect(flow.taken(res.json())).toBe(USD_BALANCE.toString());
      expect(await sourceOf(client)).toBe(0n);
      await expectSoundLedger(t.database);
    });

    it("refuses an amount sent in microcents one above the balance, and moves nothing", async () => {
      const { client } = await funded("IDR", IDR_BALANCE);
      const before = await balances(client);
      const res = await flow.send(client, { amountMicrocents: (IDR_BALANCE + 1n).toString() });
      expectError(res, 409, "INSUFFICIENT_FUNDS");
      expect(await balances(client)).toEqual(before);
      await expectSoundLedger(t.database);
    });
  });
});
