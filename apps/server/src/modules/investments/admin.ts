import type { AdminInvestmentSummary, AdminInvestments, InvestmentList } from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { toMemberRef } from "../../platform/kit.ts";
import { totalCreditedToMembers } from "../ledger/index.ts";
import { investmentFigures, investmentTotals, listInvestments } from "./queries.ts";
import { toInvestment } from "./service.ts";

const DAY_MS = 86_400_000;

/** A member's own investments, newest first. */
export async function memberInvestments(
  deps: { db: Db },
  userId: string,
  q: { status?: string; page: number; pageSize: number },
): Promise<InvestmentList> {
  const where = { userId, status: q.status };
  const [rows, totals] = await Promise.all([
    listInvestments(deps.db, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    investmentTotals(deps.db, where),
  ]);
  return { items: rows.map(toInvestment), total: totals.count, page: q.page, pageSize: q.pageSize };
}

/** Back office: every investment, filtered by package, status and member, with totals over the filter. */
export async function adminInvestments(
  deps: { db: Db },
  q: { packageId?: string; status?: string; uid?: string; page: number; pageSize: number },
): Promise<AdminInvestments> {
  const uuid = /^[0-9a-f-]{36}$/i;
  if (q.packageId && !uuid.test(q.packageId))
    return {
      items: [],
      total: 0,
      page: q.page,
      pageSize: q.pageSize,
      totals: { count: 0, amountMicrocents: 0n, profitPaidMicrocents: 0n },
    };
  const where = { packageId: q.packageId, status: q.status, userId: q.uid };
  const [rows, totals] = await Promise.all([
    listInvestments(deps.db, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    investmentTotals(deps.db, where),
  ]);
  return {
    items: rows.map((r) => ({ ...toInvestment(r), member: toMemberRef(r.member) })),
    total: totals.count,
    page: q.page,
    pageSize: q.pageSize,
    totals,
  };
}

/** Dashboard figures: invested capital, profit and commissions paid, capital due in the next 7 days. */
export async function investmentSummary(deps: { db: Db }, now = new Date()): Promise<AdminInvestmentSummary> {
  const [figures, commissionsPaidMicrocents] = await Promise.all([
    investmentFigures(deps.db, now, new Date(now.getTime() + 7 * DAY_MS)),
    totalCreditedToMembers(deps.db, "commission"),
  ]);
  return { ...figures, commissionsPaidMicrocents };
}
