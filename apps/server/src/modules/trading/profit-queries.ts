import { and, asc, count, eq, gt, gte, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { tradeContracts } from "./tables.ts";

/** Settled contracts of one member on one account (wallet or demo), settled in [from, before). */
export type ProfitWhere = { userId: string; account: "wallet" | "demo"; from?: Date; before?: Date };

const where = (f: ProfitWhere) =>
  and(
    eq(tradeContracts.userId, f.userId),
    eq(tradeContracts.account, f.account),
    eq(tradeContracts.status, "settled"),
    f.from ? gte(tradeContracts.settledAt, f.from) : undefined,
    f.before ? lt(tradeContracts.settledAt, f.before) : undefined,
  );

/** The period's contracts, oldest settlement first (paged by offset or after the last row read). */
export async function listSettled(
  db: Executor,
  f: ProfitWhere,
  page: { limit: number; offset?: number; after?: { settledAt: Date; id: string } },
) {
  const after = page.after
    ? or(
        gt(tradeContracts.settledAt, page.after.settledAt),
        and(eq(tradeContracts.settledAt, page.after.settledAt), gt(tradeContracts.id, page.after.id)),
      )
    : undefined;
  return db
    .select()
    .from(tradeContracts)
    .where(and(where(f), after))
    .orderBy(asc(tradeContracts.settledAt), asc(tradeContracts.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/** How many contracts, their stakes and their payouts (a loss pays 0). */
export async function settledTotals(db: Executor, f: ProfitWhere) {
  const [row] = await db
    .select({
      n: count(),
      stake: sql<string>`coalesce(sum(${tradeContracts.amount}), 0)::text`,
      payout: sql<string>`coalesce(sum(coalesce(${tradeContracts.payout}, 0)), 0)::text`,
    })
    .from(tradeContracts)
    .where(where(f));
  return { count: row?.n ?? 0, stakeMicrocents: BigInt(row?.stake ?? 0), payoutMicrocents: BigInt(row?.payout ?? 0) };
}
