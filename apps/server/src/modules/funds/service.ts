import { randomUUID } from "node:crypto";
import type { Fund, FundSummary, FundTransfer, FundTransferResponse, WalletEntry } from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { AppError, fieldError } from "../../platform/http/errors.ts";
import { type IdempotentAnswer, idempotentMoneyRequest, KeyAlreadyUsed } from "../../platform/money/idempotency.ts";
import {
  type AmountAsked,
  askedFor,
  assertAmountWithin,
  assertRateCurrent,
  takenFrom,
} from "../../platform/money/rate-quote.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import {
  announceBalances,
  findMovement,
  getMemberBalances,
  lockAccounts,
  memberEntries,
  memberHistory,
  moneyTransaction,
  type Posted,
  postTransaction,
} from "../ledger/index.ts";
import type { SettingsService } from "../settings/index.ts";

export type FundsDeps = { db: Db; realtime: Realtime; settings: SettingsService };
/** A move as the route reads it: an amount, or "all" of the fund (field "all", no quote). */
export type FundMove = Omit<AmountAsked, "amountMicrocents"> & { amountMicrocents: bigint | "all" };

export async function fundSummary(deps: FundsDeps, uid: string, fund: Fund): Promise<FundSummary> {
  const [balances, s] = await Promise.all([getMemberBalances(deps.db, uid), deps.settings.get()]);
  return {
    fund,
    balanceMicrocents: balances[fund],
    minTransferMicrocents: s.fundTransferMinMicrocents,
    walletMicrocents: balances.wallet,
  };
}

/** A funds_transfer entry on the fund's account as a past move. */
const toTransfer = (fund: Fund, e: WalletEntry): FundTransfer => ({
  id: e.transactionId,
  fund,
  amountMicrocents: -e.amountMicrocents,
  fundBalanceAfterMicrocents: e.balanceAfterMicrocents,
  createdAt: e.createdAt,
});

/** Past moves from the fund to the wallet, newest first (its funds_transfer ledger entries). */
export async function fundTransfers(
  deps: FundsDeps,
  uid: string,
  fund: Fund,
  page: { page: number; pageSize: number },
) {
  const history = await memberHistory(deps.db, uid, { account: fund, kind: "funds_transfer" }, page);
  return { ...history, items: history.items.map((e) => toTransfer(fund, e)) };
}

const ALL_MARK = " (all)";

/**
 * Moves money from the profit or bonus fund to the wallet: `amountMicrocents`, or the whole balance
 * (`all`). One ledger movement in one transaction; the fund's row is locked first, so concurrent
 * moves queue and none can take it below zero. At least the settings' minimum, except "all" of a
 * smaller balance. A repeated Idempotency-Key answers the first result and moves nothing (even
 * after the rate of a local amount changed); the same key for another fund or amount is a 409
 * (platform/money/idempotency.ts owns the rule). A new move needs a local amount's rate to be the
 * current one.
 */
export function transferToWallet(
  deps: FundsDeps,
  uid: string,
  fund: Fund,
  input: FundMove,
  key: string | null,
): Promise<IdempotentAnswer<FundTransferResponse>> {
  const movementKey = (k: string) => `funds-transfer:${uid}:${k}`;
  return idempotentMoneyRequest({
    member: uid,
    key,
    request: { fund, amount: input.amountMicrocents },
    what: "move to the wallet",
    status: 201,
    find: async (member, k) => {
      const previous = await findMovement(deps.db, movementKey(k));
      if (!previous) return null;
      const entries = await memberEntries(deps.db, previous.transactionId, member);
      const out = entries.find((e) => e.amount < 0n);
      const wallet = entries.find((e) => e.account === "wallet");
      if (previous.kind !== "funds_transfer" || !out || !wallet)
        return { request: { fund: "-", amount: "-" }, body: {} as FundTransferResponse };
      const amountMicrocents = -out.amount;
      const all = previous.memo?.endsWith(ALL_MARK) ?? false;
      return {
        request: { fund: out.account, amount: all ? "all" : askedOf(input, amountMicrocents) },
        body: {
          transfer: {
            id: previous.transactionId,
            fund: out.account as Fund,
            amountMicrocents,
            fundBalanceAfterMicrocents: out.balanceAfter,
            createdAt: previous.createdAt.toISOString(),
          },
          walletMicrocents: wallet.balanceAfter,
          replayed: true,
        },
      };
    },
    run: () => moveToWallet(deps, uid, fund, input, movementKey(key ?? randomUUID())),
  });
}

/** What a stored move asked for, as `input` would have asked it (`askedFor`). */
function askedOf(input: FundMove, moved: bigint): bigint | "all" {
  const asked = input.amountMicrocents;
  return asked === "all" ? moved : askedFor({ ...input, amountMicrocents: asked }, moved);
}

async function moveToWallet(
  deps: FundsDeps,
  uid: string,
  fund: Fund,
  input: FundMove,
  idempotencyKey: string,
): Promise<FundTransferResponse> {
  const s = await deps.settings.get();
  assertRateCurrent(input.quote, s);
  const posted: Posted[] = [];
  const result = await moneyTransaction(deps.db, async (tx): Promise<FundTransferResponse> => {
    posted.length = 0;
    const fundRef = { userId: uid, account: fund } as const;
    const walletRef = { userId: uid, account: "wallet" } as const;
    const [fundBalance = 0n] = await lockAccounts(tx, [fundRef, walletRef], idempotencyKey);
    // A request with the same key committed while this one waited for the lock: answer as its replay.
    if (await findMovement(tx, idempotencyKey)) throw new KeyAlreadyUsed();
    // Typing the fund as shown moves all of it (`takenFrom`).
    const asked = input.amountMicrocents;
    const amount = asked === "all" ? fundBalance : takenFrom({ ...input, amountMicrocents: asked }, fundBalance);
    if (amount <= 0n) throw fieldError(input.field, `Nothing to move: the ${fund} fund is empty`);
    if (asked !== "all")
      assertAmountWithin({ ...input, amountMicrocents: asked }, { min: s.fundTransferMinMicrocents }, s);
    if (amount > fundBalance)
      throw new AppError(409, "INSUFFICIENT_FUNDS", `${input.field}: more than the ${fund} fund holds`, [
        { field: input.field, message: `More than the ${fund} fund holds` },
      ]);
    const movement = await postTransaction(tx, {
      kind: "funds_transfer",
      idempotencyKey,
      legs: [
        { account: fundRef, amount: -amount },
        { account: walletRef, amount },
      ],
      reference: { type: "fund", id: fund },
      actorId: uid,
      memo: `From ${fund} to wallet${input.amountMicrocents === "all" ? ALL_MARK : ""}`,
    });
    posted.push(movement);
    const changed = (account: string) => movement.changes.find((c) => c.account === account)?.balance ?? 0n;
    // The movement's own time, as its replay and the list of moves answer it.
    const createdAt = (await findMovement(tx, idempotencyKey))?.createdAt ?? new Date();
    return {
      transfer: {
        id: movement.transactionId,
        fund,
        amountMicrocents: amount,
        fundBalanceAfterMicrocents: changed(fund),
        createdAt: createdAt.toISOString(),
      },
      walletMicrocents: changed("wallet"),
      replayed: false,
    };
  });
  await announceBalances(deps.realtime, posted);
  return result;
}
