import { randomUUID } from "node:crypto";
import {
  type AdminMemberNetwork,
  mulDivHalfEven,
  REFERRAL_LEVELS,
  type ReferralMembers,
  type ReferralNetwork,
} from "@helio/shared";
import type { Db, Executor, Tx } from "../../db/client.ts";
import { recordAudit } from "../../platform/audit/audit.ts";
import { toMemberRef } from "../../platform/kit.ts";
import { investedBy } from "../investments/index.ts";
import type { Movement, Posted } from "../ledger/index.ts";
import type { SettingsService } from "../settings/index.ts";
import {
  commissionTotals,
  countLevel,
  downlineLevels,
  downlineMembers,
  insertCommissions,
  type NewCommission,
  referrerChain,
} from "./queries.ts";

/** Whether a referrer may earn: neither blocked nor banned. */
const eligible = (r: { user_block: boolean; user_status: string }) => !r.user_block && r.user_status !== "banned";

export type CommissionPlan = {
  /** Ledger movements to post in the purchase's batch, one per paying level. */
  movements: Movement[];
  /** After the batch is posted (same transaction): records paid and skipped commissions, audits skips. */
  record(tx: Tx, posted: Posted[]): Promise<void>;
};

/**
 * The commissions of one purchase: the purchaser's referrer chain (up to 3 levels; shorter chains
 * pay what exists; a cycle ends the chain), each level's rate (in basis points of the amount) from
 * the settings, rounded once to the microcent, half to even. Each paying level is its own ledger movement (commissions → the referrer's bonus)
 * with its own idempotency key. A blocked or banned referrer earns nothing: the commission is
 * recorded as skipped and audited, and the next level still earns its own.
 */
export async function planCommissions(
  tx: Tx,
  purchase: { purchaserId: string; investmentId: string; amountMicrocents: bigint; ratesBps: readonly number[] },
): Promise<CommissionPlan> {
  const chain = await referrerChain(tx, purchase.purchaserId, REFERRAL_LEVELS.length);
  const seen = new Set([purchase.purchaserId]);
  const levels: { uid: string; level: number; rateBps: number; amount: bigint; pays: boolean }[] = [];
  for (const r of chain) {
    if (seen.has(r.uid) || r.level !== levels.length + 1) break; // never self, never a cycle
    seen.add(r.uid);
    const rateBps = purchase.ratesBps[r.level - 1] ?? 0;
    const amount = mulDivHalfEven(purchase.amountMicrocents, rateBps, 10_000);
    levels.push({ uid: r.uid, level: r.level, rateBps, amount, pays: eligible(r) && amount > 0n });
  }
  const paying = levels.filter((l) => l.pays);
  const movements: Movement[] = paying.map((l) => ({
    kind: "commission",
    idempotencyKey: `commission:${purchase.investmentId}:${l.level}`,
    legs: [
      { account: { system: "commissions" }, amount: -l.amount },
      { account: { userId: l.uid, account: "bonus" }, amount: l.amount },
    ],
    reference: { type: "investment", id: purchase.investmentId },
    actorId: purchase.purchaserId,
    memo: `Level ${l.level} referral commission`,
  }));
  return {
    movements,
    async record(tx, posted) {
      const byLevel = new Map(paying.map((l, i) => [l.level, posted[i]?.transactionId ?? null]));
      const rows: NewCommission[] = levels
        .filter((l) => l.amount > 0n)
        .map((l) => ({
          id: randomUUID(),
          investmentId: purchase.investmentId,
          purchaserId: purchase.purchaserId,
          beneficiaryId: l.uid,
          level: l.level,
          rateBps: l.rateBps,
          amount: l.amount,
          status: l.pays ? "paid" : "skipped",
          transactionId: l.pays ? (byLevel.get(l.level) ?? null) : null,
        }));
      await insertCommissions(tx, rows);
      for (const l of levels.filter((x) => !x.pays && x.amount > 0n)) {
        await recordAudit(tx, {
          actorId: purchase.purchaserId,
          action: "referral.commission_skipped",
          targetUserId: l.uid,
          after: {
            investmentId: purchase.investmentId,
            level: l.level,
            amountMicrocents: l.amount,
            reason: "The referrer is blocked or banned and earns nothing.",
          },
        });
      }
    },
  };
}

/** Per level: members, and what they invested (every investment bought, as the investments feature counts it). */
async function downlineTotals(db: Executor, uid: string) {
  const members = await downlineLevels(db, uid);
  const invested = await investedBy(
    db,
    members.map((m) => m.uid),
  );
  return REFERRAL_LEVELS.map((level) => {
    const ofLevel = members.filter((m) => m.level === level);
    return {
      level,
      members: ofLevel.length,
      investedMicrocents: ofLevel.reduce((sum, m) => sum + (invested.get(m.uid) ?? 0n), 0n),
    };
  });
}

export async function networkOf(
  deps: { db: Db; settings: SettingsService },
  uid: string,
  code: string,
): Promise<ReferralNetwork> {
  const [totals, commissions, s] = await Promise.all([
    downlineTotals(deps.db, uid),
    commissionTotals(deps.db, uid),
    deps.settings.get(),
  ]);
  const levels = REFERRAL_LEVELS.map((level) => ({
    level,
    commissionBps: s.referralCommissionBps[level - 1] ?? 0,
    members: totals.find((t) => t.level === level)?.members ?? 0,
    investedMicrocents: totals.find((t) => t.level === level)?.investedMicrocents ?? 0n,
    commissionsMicrocents: commissions.find((c) => c.level === level)?.amountMicrocents ?? 0n,
  }));
  return { code, levels, totalCommissionsMicrocents: levels.reduce((sum, l) => sum + l.commissionsMicrocents, 0n) };
}

export async function membersOfLevel(
  deps: { db: Db },
  uid: string,
  q: { level: number; page: number; pageSize: number },
): Promise<ReferralMembers> {
  const rows = await downlineMembers(deps.db, uid, q.level, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  const total = rows.length ? Number(rows[0]?.total ?? 0) : await countLevel(deps.db, uid, q.level);
  const invested = await investedBy(
    deps.db,
    rows.map((r) => r.uid),
  );
  return {
    level: q.level,
    items: rows.map((r) => ({
      fullName: `${r.first_name} ${r.last_name}`.trim() || r.name,
      joinedAt: new Date(r.created_at).toISOString(),
      investedMicrocents: invested.get(r.uid) ?? 0n,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function adminNetworkOf(deps: { db: Executor }, uid: string): Promise<AdminMemberNetwork> {
  const [chain, totals, commissions] = await Promise.all([
    referrerChain(deps.db, uid, REFERRAL_LEVELS.length),
    downlineTotals(deps.db, uid),
    commissionTotals(deps.db, uid),
  ]);
  return {
    upline: chain.map((r) => ({
      level: r.level,
      eligible: eligible(r),
      member: toMemberRef({
        uid: r.uid,
        firstName: r.first_name,
        lastName: r.last_name,
        name: r.name,
        userName: r.username,
        email: r.email,
      }),
    })),
    downline: REFERRAL_LEVELS.map((level) => ({
      level,
      members: totals.find((t) => t.level === level)?.members ?? 0,
      investedMicrocents: totals.find((t) => t.level === level)?.investedMicrocents ?? 0n,
    })),
    commissions: {
      count: commissions.reduce((n, c) => n + c.count, 0),
      earnedMicrocents: commissions.reduce((sum, c) => sum + c.amountMicrocents, 0n),
    },
  };
}
