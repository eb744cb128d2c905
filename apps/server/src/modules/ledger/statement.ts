import type { StatementFilter, StatementResponse, StatementTotals } from "@helio/shared";
import type { Executor } from "../../db/client.ts";
import { entryFilterOf, toWalletEntry } from "./history.ts";
import { type AccountFilter, accountBalanceAt, accountEntryTotals, listAccountEntries } from "./statement-queries.ts";

/** A statement's figures: the account's opening and closing balances and the listed movements' totals. */
export type StatementSummary = Pick<
  StatementResponse,
  "account" | "from" | "to" | "openingMicrocents" | "closingMicrocents"
> & {
  totals: StatementTotals;
};

const accountFilterOf = (userId: string, f: StatementFilter): AccountFilter => ({
  ...entryFilterOf(userId, { kind: f.kind, from: f.from, to: f.to }),
  account: f.account,
});

/** Opening and closing balances of the period (every kind) and the totals of the movements it lists. */
export async function statementSummary(db: Executor, userId: string, f: StatementFilter): Promise<StatementSummary> {
  const af = accountFilterOf(userId, f);
  const [openingMicrocents, closingMicrocents, sums] = await Promise.all([
    af.from ? accountBalanceAt(db, userId, f.account, af.from) : Promise.resolve(0n),
    accountBalanceAt(db, userId, f.account, af.before),
    accountEntryTotals(db, af),
  ]);
  return {
    account: f.account,
    from: f.from ?? null,
    to: f.to ?? null,
    openingMicrocents,
    closingMicrocents,
    totals: { ...sums, netMicrocents: sums.inMicrocents + sums.outMicrocents },
  };
}

/** One page of a statement, oldest first, with its figures. */
export async function memberStatement(
  db: Executor,
  userId: string,
  f: StatementFilter,
  page: { page: number; pageSize: number },
): Promise<StatementResponse> {
  const [summary, rows] = await Promise.all([
    statementSummary(db, userId, f),
    listAccountEntries(db, accountFilterOf(userId, f), {
      limit: page.pageSize,
      offset: (page.page - 1) * page.pageSize,
    }),
  ]);
  return { ...summary, items: rows.map(toWalletEntry), total: summary.totals.count, ...page };
}

/** Every entry of a statement, oldest first, in batches (files); keyset paging, so it stays fast. */
export async function* statementBatches(db: Executor, userId: string, f: StatementFilter, batch = 1000) {
  const af = accountFilterOf(userId, f);
  let afterId: number | undefined;
  for (;;) {
    const rows = await listAccountEntries(db, af, { limit: batch, afterId });
    if (rows.length) yield rows.map(toWalletEntry);
    if (rows.length < batch) return;
    afterId = rows[rows.length - 1]?.id;
  }
}
