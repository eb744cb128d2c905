import { randomUUID } from "node:crypto";
import {
  accountOfMode,
  type HouseExposure,
  mulDivHalfEven,
  type OpenTrade,
  PAIR_SYMBOLS,
  type PairSymbol,
  type PlaceTrade,
  type Settings,
  type TradeConfig,
  type TradeContract,
  type TradeDirection,
  type TradeResult,
  type TradingMode,
  unitsToPrice,
} from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { accountStatusError } from "../../platform/auth/auth.ts";
import { AppError, fieldError, notFound } from "../../platform/http/errors.ts";
import { toMemberRef } from "../../platform/kit.ts";
import { type IdempotentAnswer, idempotentMoneyRequest } from "../../platform/money/idempotency.ts";
import {
  type AmountAsked,
  askedFor,
  assertAmountWithin,
  assertRateCurrent,
  takenFrom,
} from "../../platform/money/rate-quote.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import { type BackgroundWorker, startWorkerLoop, type WorkerLog } from "../../platform/workers/loop.ts";
import {
  announceBalances,
  getMemberBalances,
  moneyTransaction,
  type Posted,
  postTransaction,
  postTransactions,
  tradingHouseResult,
} from "../ledger/index.ts";
import type { MarketService } from "../market/index.ts";
import type { Notifications, Recorded } from "../notifications/index.ts";
import { assertStakeWithinLimits } from "../protection/index.ts";
import type { SettingsService } from "../settings/index.ts";
import {
  type ContractRow,
  countOpen,
  findByRequestKey,
  findContract,
  historyTotals,
  insertContract,
  listAll,
  listHistory,
  listOpen,
  lockDueContracts,
  lockPairExposure,
  lockTradingMode,
  markSettled,
  openContractCounts,
  openRealExposure,
  pairWorstCase,
  setUserTrading,
  stakeFigures,
  tradingModeOf,
} from "./queries.ts";

export type TradingDeps = {
  db: Db;
  realtime: Realtime;
  settings: SettingsService;
  market: MarketService;
  notifications: Notifications;
  now?: () => Date;
  /** A test server's extra duration, offered after the settings' (config SHORT_CONTRACT_SECONDS). */
  shortContractSeconds?: number | null;
};

/** The durations a member may choose: the settings' in order, then a test server's short one. */
function durationsOf(deps: TradingDeps, s: Settings): number[] {
  const durations = [...s.tradeDurations].sort((a, b) => a - b);
  // Last, so that the order form's first choice (its default) stays the settings' shortest.
  return deps.shortContractSeconds ? [...durations, deps.shortContractSeconds] : durations;
}

export function toContract(row: ContractRow): TradeContract {
  return {
    id: row.id,
    symbol: row.symbol as PairSymbol,
    direction: row.direction as TradeDirection,
    amountMicrocents: row.amount,
    account: row.account as "wallet" | "demo",
    payoutPercent: row.payoutPercent,
    durationSeconds: row.durationSeconds,
    entryPrice: unitsToPrice(row.entryPrice),
    entryAt: row.entryAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: row.status as "open" | "settled",
    result: (row.result as TradeResult | null) ?? null,
    exitPrice: row.exitPrice === null ? null : unitsToPrice(row.exitPrice),
    payoutMicrocents: row.payout,
    settledAt: row.settledAt ? row.settledAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const payoutPercentOf = (s: Settings, symbol: string) =>
  s.tradePayoutPercent[symbol] ?? s.tradePayoutPercentDefault;

export async function tradeConfig(deps: TradingDeps): Promise<TradeConfig> {
  const s = await deps.settings.get();
  const payouts: Record<string, number> = {};
  for (const symbol of PAIR_SYMBOLS) payouts[symbol] = payoutPercentOf(s, symbol);
  return {
    minMicrocents: s.tradeMinMicrocents,
    maxMicrocents: s.tradeMaxMicrocents,
    durations: durationsOf(deps, s),
    openLimit: s.tradeOpenLimit,
    payouts,
    amountPresetsMicrocents: s.tradeAmountPresetsMicrocents.filter(
      (p) => p >= s.tradeMinMicrocents && p <= s.tradeMaxMicrocents,
    ),
  };
}

/**
 * Switches the money the member's next trades use. Practice is always open; Real needs money in the
 * wallet (a first deposit approved, an adjustment) and no admin lock. Open contracts keep the
 * account they were placed with.
 */
export async function switchTradingMode(deps: { db: Db; realtime: Realtime }, userId: string, mode: TradingMode) {
  const userTrading = mode === "real";
  await deps.db.transaction(async (tx) => {
    const current = await lockTradingMode(tx, userId);
    if (!current) throw notFound("Member not found");
    if (userTrading && current.tradingLocked)
      throw new AppError(403, "TRADING_MODE_LOCKED", "Helio has set this account to Practice; contact support.");
    if (userTrading && (await getMemberBalances(tx, userId)).wallet <= 0n)
      throw new AppError(403, "REAL_BALANCE_REQUIRED", "Real trading opens once your wallet holds money.");
    if (current.userTrading !== userTrading) await setUserTrading(tx, userId, userTrading);
  });
  await deps.realtime.toUser(userId, { type: "member.updated" });
  return { mode };
}

/**
 * A placement as the route reads it: the pair, direction and duration, the stake, and when the
 * member's session began (their session-length limit counts from it).
 */
export type Placement = Pick<PlaceTrade, "symbol" | "direction" | "durationSeconds"> &
  AmountAsked & { sessionStartedAt?: Date };

/** What a placement asks for (the idempotency fingerprint), from the request or a stored contract. */
const placementOf = (p: { symbol: string; direction: string; amountMicrocents: bigint; durationSeconds: number }) => ({
  symbol: p.symbol,
  direction: p.direction,
  amountMicrocents: p.amountMicrocents,
  durationSeconds: p.durationSeconds,
});

/**
 * Places a contract: checks the limits, takes the entry price from the server's newest tick,
 * debits the stake (wallet when Real, demo when Free) and records the contract in one transaction.
 * A repeated Idempotency-Key answers the first contract (201 again, even after the rate of a local
 * stake changed); another pair, direction, amount or duration under it is a 409
 * (platform/money/idempotency.ts owns the rule). A new contract needs the local stake's rate to be
 * the current one.
 */
export function placeContract(
  deps: TradingDeps,
  userId: string,
  input: Placement,
  requestKey: string | null,
): Promise<IdempotentAnswer<TradeContract>> {
  return idempotentMoneyRequest({
    member: userId,
    key: requestKey,
    request: placementOf(input),
    what: "trade",
    status: 201,
    find: async (member, key) => {
      const row = await findByRequestKey(deps.db, member, key);
      if (!row) return null;
      return { request: placementOf({ ...row, amountMicrocents: askedFor(input, row.amount) }), body: toContract(row) };
    },
    run: () => insertContractFor(deps, userId, input, requestKey),
  });
}

async function insertContractFor(
  deps: TradingDeps,
  userId: string,
  input: Placement,
  requestKey: string | null,
): Promise<TradeContract> {
  const s = await deps.settings.get();
  assertRateCurrent(input.quote, s);
  if (!durationsOf(deps, s).includes(input.durationSeconds))
    throw fieldError("durationSeconds", "This duration is not available");
  assertAmountWithin(input, { min: s.tradeMinMicrocents, max: s.tradeMaxMicrocents }, s);
  const tick = await deps.market.latest(input.symbol);
  if (!tick || (await deps.market.isStale(tick)))
    throw fieldError("symbol", "The market for this pair is not available right now (no recent price)");

  const id = randomUUID();
  const now = deps.now?.() ?? new Date();
  const expiresAt = new Date(now.getTime() + input.durationSeconds * 1000);
  let posted: Posted | undefined;
  const row = await moneyTransaction(deps.db, async (tx) => {
    const mode = await tradingModeOf(tx, userId);
    if (!mode) throw notFound("Member not found");
    const standing = accountStatusError(mode);
    if (standing) throw new AppError(403, standing.code, "This account cannot trade.");
    const account = mode.userTrading ? "wallet" : "demo";
    // Typing the balance as shown stakes all of it (`takenFrom`).
    const stake = takenFrom(input, (await getMemberBalances(tx, userId))[account]);
    const cap = s.tradeExposureCapMicrocents[input.symbol];
    if (account === "wallet" && cap !== undefined) {
      await lockPairExposure(tx, input.symbol);
      const payout = outcomeOf(
        {
          direction: input.direction,
          entryPrice: 1,
          amount: stake,
          payoutPercent: payoutPercentOf(s, input.symbol),
        },
        input.direction === "up" ? 2 : 0,
      ).payout;
      if ((await pairWorstCase(tx, input.symbol)) + payout > cap)
        throw new AppError(
          409,
          "EXPOSURE_LIMIT",
          `${input.symbol}/USDT takes no more Real contracts of this size right now: the house's limit on the pair is reached. Try a smaller stake or another pair.`,
        );
    }
    await assertStakeWithinLimits(
      tx,
      { stakeFigures },
      {
        userId,
        account,
        stakeMicrocents: stake,
        now,
        sessionStartedAt: input.sessionStartedAt ?? null,
      },
    );
    posted = await postTransaction(tx, {
      kind: "trade_stake",
      idempotencyKey: `trade-stake:${id}`,
      legs: [
        { account: { userId, account }, amount: -stake },
        { account: { system: "trading_house" }, amount: stake },
      ],
      reference: { type: "trade", id },
      actorId: userId,
    });
    // The balance row lock taken above serialises this member's placements: the count is exact.
    if ((await countOpen(tx, userId)) >= s.tradeOpenLimit)
      throw new AppError(409, "CONFLICT", `At most ${s.tradeOpenLimit} open contracts at a time.`);
    // A request key taken meanwhile fails here (unique): the helper answers the stored contract.
    return insertContract(tx, {
      id,
      userId,
      symbol: input.symbol,
      direction: input.direction,
      amount: stake,
      account,
      payoutPercent: payoutPercentOf(s, input.symbol),
      durationSeconds: input.durationSeconds,
      entryPrice: tick.price,
      entryAt: now,
      expiresAt,
      requestKey,
    });
  });
  if (posted) await announceBalances(deps.realtime, [posted]);
  return toContract(row);
}

/**
 * The outcome of a contract given its exit price (null: no usable tick → void). A win pays the stake
 * and its payout percent, rounded once to the microcent (ties to even).
 */
export function outcomeOf(
  c: { direction: string; entryPrice: number; amount: bigint; payoutPercent: number },
  exitPrice: number | null,
): { result: TradeResult; payout: bigint } {
  if (exitPrice === null) return { result: "void", payout: c.amount };
  if (exitPrice === c.entryPrice) return { result: "equal", payout: c.amount };
  const up = exitPrice > c.entryPrice;
  if ((c.direction === "up") === up)
    return { result: "win", payout: mulDivHalfEven(c.amount, 100 + c.payoutPercent, 100) };
  return { result: "loss", payout: 0n };
}

/** How long after expiry the worker waits, so the recorder's last batch of ticks is stored. */
export const SETTLE_GRACE_MS = 1500;
/** Contracts settled per database transaction. */
export const SETTLE_BATCH = 500;

/**
 * Settles due contracts: locks up to `limit` overdue open rows (SKIP LOCKED, so workers on any
 * number of processes never take the same row) together with the last stored tick at or before
 * each one's expiry, pays out through the ledger (one batch of movements, each its own
 * transaction with its own idempotency key) and marks them settled, all in one transaction: a
 * handful of statements per batch, whatever its size.
 */
export async function settleDue(deps: TradingDeps, opts: { now?: Date; limit?: number } = {}) {
  const now = opts.now ?? deps.now?.() ?? new Date();
  const s = await deps.settings.get();
  const staleMs = s.marketStaleSeconds * 1000;
  let settled: { contract: TradeContract; posted: Posted | null; userId: string }[] = [];
  let told: Recorded[] = [];
  await moneyTransaction(deps.db, async (tx) => {
    settled = [];
    told = [];
    const due = await lockDueContracts(tx, new Date(now.getTime() - SETTLE_GRACE_MS), opts.limit ?? SETTLE_BATCH);
    if (!due.length) return;
    const priced = due.map((c) => {
      const tick = c.exitTick;
      const fresh = tick && c.expiresAt.getTime() - tick.at.getTime() <= staleMs ? tick : null;
      const exitPrice = fresh ? fresh.price : null;
      return { c, exitPrice, ...outcomeOf(c, exitPrice) };
    });
    const paying = priced.filter((p) => p.payout > 0n);
    const posted = await postTransactions(
      tx,
      paying.map(({ c, payout, result }) => ({
        kind: "trade_payout" as const,
        idempotencyKey: `trade-settle:${c.id}`,
        legs: [
          { account: { system: "trading_house" as const }, amount: -payout },
          { account: { userId: c.userId, account: c.account as "wallet" | "demo" }, amount: payout },
        ],
        reference: { type: "trade", id: c.id },
        memo: result,
      })),
    );
    const postedOf = new Map(paying.map((p, i) => [p.c.id, posted[i] ?? null]));
    const marked = new Set(
      await markSettled(
        tx,
        now,
        priced.map((p) => ({ id: p.c.id, result: p.result, exitPrice: p.exitPrice, payout: p.payout })),
      ),
    );
    // Every row is locked by this transaction and was open: all are marked, or none may be paid.
    if (marked.size !== priced.length) throw new Error("trading: a locked due contract was not open");
    // In-app only: one insert for the whole batch (and one lookup of its members); after the
    // ledger, as it locks the members' unread counters.
    told = await deps.notifications.notifyMany(
      tx,
      priced.map(({ c, result, payout }) => ({
        kind: "trade.settled" as const,
        userId: c.userId,
        contractId: c.id,
        symbol: c.symbol,
        direction: c.direction,
        account: c.account,
        amountMicrocents: c.amount,
        result,
        payoutMicrocents: payout,
      })),
    );
    settled = priced.map(({ c, result, exitPrice, payout }) => {
      const { exitTick: _, ...row } = c;
      const values = { result, exitPrice, payout, settledAt: now, status: "settled" };
      return { contract: toContract({ ...row, ...values }), posted: postedOf.get(c.id) ?? null, userId: c.userId };
    });
  });
  await announceBalances(
    deps.realtime,
    settled.flatMap((x) => (x.posted ? [x.posted] : [])),
  );
  await Promise.all(
    settled.map((x) => deps.realtime.toUser(x.userId, { type: "trade.settled", contract: x.contract })),
  );
  await deps.notifications.deliver(told);
  return settled.map((x) => x.contract);
}

/** Settles what is due every `intervalMs`, up to 20 full batches a run (platform/workers/loop.ts runs it). */
export function startSettlementWorker(deps: TradingDeps & { log: WorkerLog }, intervalMs = 250): BackgroundWorker {
  return startWorkerLoop({
    name: "trade settlement",
    intervalMs,
    batchSize: SETTLE_BATCH,
    maxBatchesPerRun: 20,
    batch: async () => (await settleDue(deps, { limit: SETTLE_BATCH })).length,
    log: deps.log,
  });
}

export async function openContracts(deps: TradingDeps, userId: string, mode?: TradingMode): Promise<OpenTrade[]> {
  const rows = await listOpen(deps.db, userId, mode ? accountOfMode(mode) : undefined);
  const prices = new Map<string, number>();
  for (const symbol of new Set(rows.map((r) => r.symbol))) {
    const t = await deps.market.latest(symbol);
    if (t) prices.set(symbol, t.price);
  }
  return rows.map((r) => {
    const price = prices.get(r.symbol);
    const winning =
      price === undefined || price === r.entryPrice ? null : (r.direction === "up") === price > r.entryPrice;
    return { ...toContract(r), currentPrice: price === undefined ? null : unitsToPrice(price), winning };
  });
}

export type HistoryFilter = { symbol?: string; result?: string; mode?: TradingMode; from?: string; to?: string };

/** The mode a history shows: the one asked for, else the member's current mode. */
async function historyModeOf(deps: TradingDeps, userId: string, f: HistoryFilter): Promise<TradingMode> {
  if (f.mode) return f.mode;
  return (await tradingModeOf(deps.db, userId))?.userTrading ? "real" : "practice";
}

function whereOf(userId: string, mode: TradingMode, f: HistoryFilter) {
  return {
    userId,
    account: accountOfMode(mode),
    symbol: f.symbol,
    result: f.result,
    from: f.from ? new Date(`${f.from}T00:00:00Z`) : undefined,
    before: f.to ? new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
  };
}

export async function contractHistory(
  deps: TradingDeps,
  userId: string,
  f: HistoryFilter & { page: number; pageSize: number },
) {
  const mode = await historyModeOf(deps, userId, f);
  const where = whereOf(userId, mode, f);
  const rows = await listHistory(deps.db, where, { limit: f.pageSize, offset: (f.page - 1) * f.pageSize });
  const totals = await historyTotals(deps.db, where);
  return {
    items: rows.map(toContract),
    total: totals.count,
    page: f.page,
    pageSize: f.pageSize,
    mode,
    totals: {
      count: totals.count,
      wonMicrocents: totals.won,
      lostMicrocents: totals.lost,
      netMicrocents: totals.won - totals.lost,
    },
  };
}

export async function* historyBatches(deps: TradingDeps, userId: string, f: HistoryFilter, batch = 500) {
  const where = whereOf(userId, await historyModeOf(deps, userId, f), f);
  for (let offset = 0; ; offset += batch) {
    const rows = await listHistory(deps.db, where, { limit: batch, offset });
    if (rows.length) yield rows.map(toContract);
    if (rows.length < batch) return;
  }
}

export async function getContract(deps: TradingDeps, userId: string, id: string) {
  const row = await findContract(deps.db, id);
  if (!row || row.userId !== userId) throw notFound("Contract not found");
  return toContract(row);
}

export async function adminContracts(
  deps: TradingDeps,
  q: { status?: string; uid?: string; page: number; pageSize: number },
) {
  const { rows, total } = await listAll(
    deps.db,
    { status: q.status, userId: q.uid },
    { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
  );
  return {
    items: rows.map(({ contract, member }) => {
      const { fullName, userName } = toMemberRef(member);
      return { ...toContract(contract), userId: contract.userId, member: { fullName, userName } };
    }),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The house result: money figures from the ledger's `trading_house` account, open counts from the contracts. */
export async function houseResult(deps: TradingDeps) {
  const [money, open] = await Promise.all([tradingHouseResult(deps.db), openContractCounts(deps.db)]);
  const openOf = (account: string) => open.find((r) => r.account === account)?.open ?? 0;
  return { real: { ...money.wallet, open: openOf("wallet") }, demo: { ...money.demo, open: openOf("demo") } };
}

/** The house's exposure now: open Real contracts per pair and direction, each pair's worst case and cap. */
export async function houseExposure(deps: TradingDeps): Promise<HouseExposure> {
  const [rows, s] = await Promise.all([openRealExposure(deps.db), deps.settings.get()]);
  const side = (symbol: string, direction: string) => {
    const row = rows.find((r) => r.symbol === symbol && r.direction === direction);
    return {
      contracts: row?.contracts ?? 0,
      stakeMicrocents: row?.stake ?? 0n,
      worstCasePayoutMicrocents: row?.worstCase ?? 0n,
    };
  };
  const pairs = PAIR_SYMBOLS.map((symbol) => {
    const up = side(symbol, "up");
    const down = side(symbol, "down");
    return {
      symbol,
      up,
      down,
      worstCasePayoutMicrocents: up.worstCasePayoutMicrocents + down.worstCasePayoutMicrocents,
      capMicrocents: s.tradeExposureCapMicrocents[symbol] ?? null,
    };
  });
  return {
    pairs,
    worstCasePayoutMicrocents: pairs.reduce((sum, p) => sum + p.worstCasePayoutMicrocents, 0n),
    at: new Date().toISOString(),
  };
}
