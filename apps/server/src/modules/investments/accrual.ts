import { investmentPeriodProfit, type WsInvestmentAccrued } from "@helio/shared";
import type { Db } from "../../db/client.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import { type BackgroundWorker, startWorkerLoop, type WorkerLog } from "../../platform/workers/loop.ts";
import { announceBalances, type Movement, moneyTransaction, type Posted, postTransactions } from "../ledger/index.ts";
import type { NotificationEvent, Notifications, ProfitCredit, Recorded } from "../notifications/index.ts";
import { type AccrualUpdate, applyAccruals, lockDueInvestments } from "./queries.ts";
import { dueAt } from "./service.ts";

export type AccrualDeps = { db: Db; realtime: Realtime; notifications: Notifications; now?: () => Date };

/** Investments locked per database transaction. */
export const ACCRUAL_BATCH = 2000;
/**
 * Batches in flight at once while a backlog drains: one batch's locking and arithmetic overlap the
 * other's ledger write (which holds the members' balance rows, so that part takes turns). Measured
 * in bench/investments.mjs: 1 → about 10,000 accruals/s, 2 → about 11,400/s. (Settlement, whose
 * batches lock the balance rows first, was slower with 2 and keeps 1.)
 */
export const ACCRUAL_CONCURRENCY = 2;
/** At most this many missed periods of one investment are credited per pass (the rest next pass). */
export const CATCH_UP_PER_PASS = 200;

/** The ledger key of period `n` of an investment: one credit per investment and period, ever. */
export const profitKey = (investmentId: string, period: number) => `profit:${investmentId}:${period}`;
export const capitalReturnKey = (investmentId: string) => `investment-return:${investmentId}`;

/**
 * Credits every period that has come due: locks up to `limit` active investments whose next
 * accrual time has passed (SKIP LOCKED: workers on any number of processes never take the same
 * row), works out each one's due periods from its start and its period length (so periods missed
 * while no worker ran are caught up, each credited once), posts them as one ledger batch (each
 * period its own movement, keyed by investment and period number: a retry or a second worker can
 * never credit it twice), returns the capital to the wallet with the last period when the terms
 * say so, and advances the investments, all in one database transaction.
 */
export async function accrueDue(deps: AccrualDeps, opts: { now?: Date; limit?: number } = {}) {
  const now = opts.now ?? deps.now?.() ?? new Date();
  let posted: Posted[] = [];
  let messages: { userId: string; message: WsInvestmentAccrued }[] = [];
  let told: Recorded[] = [];
  await moneyTransaction(deps.db, async (tx) => {
    posted = [];
    messages = [];
    told = [];
    const due = await lockDueInvestments(tx, now, opts.limit ?? ACCRUAL_BATCH);
    if (!due.length) return;
    const movements: Movement[] = [];
    const updates: AccrualUpdate[] = [];
    const maturities: NotificationEvent[] = [];
    // One profit notification per member per pass, however many of their investments it credits.
    const credits = new Map<string, ProfitCredit[]>();
    const creditsOf = (userId: string) => {
      const known = credits.get(userId);
      if (known) return known;
      const list: ProfitCredit[] = [];
      credits.set(userId, list);
      return list;
    };
    for (const inv of due) {
      const elapsed = Math.floor((now.getTime() - inv.startedAt.getTime()) / (inv.periodSeconds * 1000));
      const upTo = Math.min(inv.durationPeriods, elapsed, inv.periodsPaid + CATCH_UP_PER_PASS);
      if (upTo <= inv.periodsPaid) continue;
      let profit = inv.profitPaid;
      let lastAmount = 0n;
      for (let period = inv.periodsPaid + 1; period <= upTo; period++) {
        const amount = investmentPeriodProfit(inv.amount, inv.dailyRateBps, inv.durationPeriods, period);
        lastAmount = amount;
        profit += amount;
        // A period worth less than a microcent (a tiny amount at a tiny rate) is counted but moves nothing.
        if (amount > 0n)
          movements.push({
            kind: "profit",
            idempotencyKey: profitKey(inv.id, period),
            legs: [
              { account: { system: "investment_pool" }, amount: -amount },
              { account: { userId: inv.userId, account: "profit" }, amount },
            ],
            reference: { type: "investment", id: inv.id },
            memo: `Period ${period} of ${inv.durationPeriods}`,
          });
      }
      const matured = upTo === inv.durationPeriods;
      const capital = matured && inv.capitalReturn ? inv.amount : 0n;
      if (capital > 0n)
        movements.push({
          kind: "investment_return",
          idempotencyKey: capitalReturnKey(inv.id),
          legs: [
            { account: { system: "investment_pool" }, amount: -capital },
            { account: { userId: inv.userId, account: "wallet" }, amount: capital },
          ],
          reference: { type: "investment", id: inv.id },
          memo: "Capital returned at maturity",
        });
      if (profit > inv.profitPaid)
        creditsOf(inv.userId).push({
          investmentId: inv.id,
          reference: inv.reference,
          fromPeriod: inv.periodsPaid + 1,
          toPeriod: upTo,
          durationPeriods: inv.durationPeriods,
          amountMicrocents: profit - inv.profitPaid,
        });
      if (matured)
        maturities.push({
          kind: "investment.matured",
          userId: inv.userId,
          investmentId: inv.id,
          reference: inv.reference,
          profitMicrocents: profit,
          capitalMicrocents: capital,
        });
      const nextAccrualAt = matured ? null : dueAt(inv, upTo + 1);
      updates.push({
        id: inv.id,
        fromPeriods: inv.periodsPaid,
        periodsPaid: upTo,
        profitPaid: profit,
        nextAccrualAt,
        status: matured ? "matured" : "active",
        maturedAt: matured ? now : null,
      });
      messages.push({
        userId: inv.userId,
        message: {
          type: "investment.accrued",
          investmentId: inv.id,
          period: upTo,
          amountMicrocents: lastAmount,
          periodsPaid: upTo,
          durationPeriods: inv.durationPeriods,
          profitPaidMicrocents: profit,
          status: matured ? "matured" : "active",
          nextAccrualAt: nextAccrualAt?.toISOString() ?? null,
          capitalReturnedMicrocents: capital,
        },
      });
    }
    // Profit first, then maturities: a member reads the last period's profit before "matured".
    const events: NotificationEvent[] = [
      ...[...credits].map(([userId, list]) => ({ kind: "investment.profit" as const, userId, credits: list })),
      ...maturities,
    ];
    const applied = await applyAccruals(tx, updates);
    // Every row is locked by this transaction and was active at its periods: all apply, or none may be paid.
    if (applied.length !== updates.length) throw new Error("investments: a locked due investment changed");
    // Last, so that the members' balance rows stay locked only for the ledger write and the commit.
    posted = await postTransactions(tx, movements);
    // In-app only: one insert for the whole batch (and one lookup of its members). After the
    // ledger: it locks the members' unread counters, which come after balance rows.
    told = await deps.notifications.notifyMany(tx, events);
  });
  await announceBalances(deps.realtime, posted);
  await Promise.all(messages.map((m) => deps.realtime.toUser(m.userId, m.message)));
  await deps.notifications.deliver(told);
  return messages.map((m) => m.message);
}

/**
 * Credits what is due every `intervalMs`, up to 20 full batches a run, `ACCRUAL_CONCURRENCY` at a
 * time (platform/workers/loop.ts runs it).
 */
export function startAccrualWorker(deps: AccrualDeps & { log: WorkerLog }, intervalMs = 1000): BackgroundWorker {
  return startWorkerLoop({
    name: "investment accrual",
    intervalMs,
    batchSize: ACCRUAL_BATCH,
    maxBatchesPerRun: 20,
    concurrency: ACCRUAL_CONCURRENCY,
    batch: async () => (await accrueDue(deps, { limit: ACCRUAL_BATCH })).length,
    log: deps.log,
  });
}
