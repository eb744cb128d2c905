import {
  API,
  MEMBER_ACCOUNTS,
  type MemberAccount,
  TRANSACTION_KINDS,
  type TradingMode,
  type TransactionKind,
  tradingModeSchema,
} from "@helio/shared";
import { withQuery } from "../../lib/api.ts";
import { pagingFromParams } from "../../lib/paging.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : undefined);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** Periods are whole UTC days, both ends included (as the files and the ledger read them). */
export interface Period {
  from?: string;
  to?: string;
}
export interface StatementFilters extends Period {
  account: MemberAccount;
  kind?: TransactionKind;
  page: number;
  pageSize: number;
}
export interface ProfitFilters extends Period {
  mode: TradingMode;
  page: number;
  pageSize: number;
}

const PAGE_SIZE = 50;

/** The statement's filters kept in the page address; the wallet (Real money) unless another account is chosen. */
export function statementFiltersFrom(params: URLSearchParams): StatementFilters {
  return {
    account: oneOf(MEMBER_ACCOUNTS, params.get("account")) ?? "wallet",
    kind: oneOf(TRANSACTION_KINDS, params.get("kind")),
    from: day(params.get("from")),
    to: day(params.get("to")),
    ...pagingFromParams(params, { pageSize: PAGE_SIZE }),
  };
}

/** The profit table's filters; Real money unless Practice is chosen. */
export function profitFiltersFrom(params: URLSearchParams): ProfitFilters {
  return {
    mode: oneOf(tradingModeSchema.options, params.get("mode")) ?? "real",
    from: day(params.get("from")),
    to: day(params.get("to")),
    ...pagingFromParams(params, { pageSize: PAGE_SIZE }),
  };
}

/** The page address form of filters, leaving out defaults. */
export function filtersToParams(filters: Partial<StatementFilters & ProfitFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.account && filters.account !== "wallet") params.set("account", filters.account);
  if (filters.mode && filters.mode !== "real") params.set("mode", filters.mode);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.page && filters.page !== 1) params.set("page", String(filters.page));
  if (filters.pageSize && filters.pageSize !== PAGE_SIZE) params.set("pageSize", String(filters.pageSize));
  return params;
}

export const periodBroken = (p: Period) => Boolean(p.from && p.to && p.from > p.to);

/** What the statement's files are asked for (no paging: every movement). */
export const statementFileQuery = (f: StatementFilters) => ({
  account: f.account,
  kind: f.kind,
  from: f.from,
  to: f.to,
});
export const statementFileHref = (f: StatementFilters, kind: "csv" | "pdf") =>
  withQuery(kind === "csv" ? API.statementCsv : API.statementPdf, statementFileQuery(f));

export const profitFileQuery = (f: ProfitFilters) => ({ mode: f.mode, from: f.from, to: f.to });
export const profitFileHref = (f: ProfitFilters, kind: "csv" | "pdf") =>
  withQuery(kind === "csv" ? API.profitTableCsv : API.profitTablePdf, profitFileQuery(f));

/** The last `count` months that have ended, newest first ("2026-10"), from `now`. */
export function closedMonths(now: Date, count = 12): string[] {
  const months: string[] = [];
  for (let i = 1; i <= count; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}
