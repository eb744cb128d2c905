import type { MemberAccount, TransactionKind } from "@helio/shared";
import { formatMoney } from "@helio/shared/currency";
import { API } from "@helio/shared/paths";
import { MEMBER_ACCOUNTS, TRANSACTION_KINDS } from "@helio/shared/values";
import { t } from "@lingui/core/macro";
import { withQuery } from "../../lib/api.ts";
import { activeLocale } from "../../lib/i18n.ts";
import { leftToRight } from "../../lib/left-to-right.ts";
import { pagingFromParams } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { bpsToDecimal } from "../../lib/percent.ts";

// --- Ledger history filters ------------------------------------------------------------------

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the history table shows; `from`/`to` are local calendar days (YYYY-MM-DD), inclusive. */
export interface HistoryFilters {
  kind?: TransactionKind;
  account?: MemberAccount;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export const DEFAULT_FILTERS: HistoryFilters = { page: 1, pageSize: 20 };

function validDay(value: string | null): string | undefined {
  if (!value || !DAY.test(value)) return undefined;
  const [y = 0, m = 0, d = 0] = value.split("-").map(Number);
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? value : undefined;
}

/** The filters kept in the page address (`?kind=deposit&from=2026-01-01&page=2`); bad values are dropped. */
export function filtersFromParams(params: URLSearchParams): HistoryFilters {
  const kind = params.get("kind");
  const account = params.get("account");
  const filters: HistoryFilters = pagingFromParams(params, { pageSize: DEFAULT_FILTERS.pageSize });
  if (kind && (TRANSACTION_KINDS as readonly string[]).includes(kind)) filters.kind = kind as TransactionKind;
  if (account && (MEMBER_ACCOUNTS as readonly string[]).includes(account)) filters.account = account as MemberAccount;
  const from = validDay(params.get("from"));
  const to = validDay(params.get("to"));
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

/** The page address form of `filters`, leaving out defaults. */
export function filtersToParams(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.account) params.set("account", filters.account);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.page !== 1) params.set("page", String(filters.page));
  if (filters.pageSize !== DEFAULT_FILTERS.pageSize) params.set("pageSize", String(filters.pageSize));
  return params;
}

/** Start (00:00:00.000) or end (23:59:59.999) of a local calendar day as an ISO instant. */
export function localDayBound(day: string, bound: "start" | "end"): string {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  const date = bound === "start" ? new Date(y, m - 1, d, 0, 0, 0, 0) : new Date(y, m - 1, d, 23, 59, 59, 999);
  return date.toISOString();
}

/** Why a date range cannot be used, or null. */
export function dateRangeProblem(from?: string, to?: string): string | null {
  return from && to && from > to ? t`The start date is after the end date.` : null;
}

type ApiQuery = Record<string, string | number | undefined>;

function filterQuery(filters: HistoryFilters): ApiQuery {
  const ok = !dateRangeProblem(filters.from, filters.to);
  return {
    kind: filters.kind,
    account: filters.account,
    from: ok && filters.from ? localDayBound(filters.from, "start") : undefined,
    to: ok && filters.to ? localDayBound(filters.to, "end") : undefined,
  };
}

/** The query of `GET /api/wallet/history`: local days become exact instants. */
export function historyApiQuery(filters: HistoryFilters): ApiQuery {
  return { ...filterQuery(filters), page: filters.page, pageSize: filters.pageSize };
}

/** The CSV export of the same entries (every page). */
export function historyCsvHref(filters: HistoryFilters): string {
  return withQuery(API.walletHistoryCsv, filterQuery(filters));
}

// --- Labels ---------------------------------------------------------------------------------

export { accountLabel, kindLabel, referenceLabel } from "../../lib/ledger.ts";

/** Where a ledger reference can be opened by the member, if anywhere. */
export function referenceHref(reference: { type: string; id: string } | null): string | null {
  if (reference?.type === "deposit") return paths.invoiceBalanceOne(reference.id);
  if (reference?.type === "withdrawal") return paths.invoiceWdOne(reference.id);
  return null;
}

// --- Amounts --------------------------------------------------------------------------------

/** Limits and fees are set in USD: shown in USD with the one money formatter (`1,000.00 USD`). */
export const usd = (microcents: bigint) => leftToRight(formatMoney(microcents, "USD", 1, activeLocale()));

/** `1.5%` + `0.50` → "1.5% + 0.50 USD"; the fee rule in words. */
export function feeRuleText(feeBps: number, feeFlatMicrocents: bigint): string {
  const percent = `${bpsToDecimal(feeBps).replace(/\.?0+$/, "")}%`;
  if (feeBps === 0 && feeFlatMicrocents === 0n) return t`No fee`;
  if (feeFlatMicrocents === 0n) return percent;
  if (feeBps === 0) return usd(feeFlatMicrocents);
  return `${percent} + ${usd(feeFlatMicrocents)}`;
}
