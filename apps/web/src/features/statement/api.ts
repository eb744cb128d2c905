import {
  API,
  profitResponseSchema,
  type StatementMailInput,
  statementMailResponseSchema,
  statementResponseSchema,
} from "@helio/shared";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { pagedQuery } from "../../lib/query.ts";
import {
  type ProfitFilters,
  periodBroken,
  profitFileQuery,
  type StatementFilters,
  statementFileQuery,
} from "./model.ts";

export const statementKeys = {
  statement: (f: StatementFilters) => ["statement", "ledger", f] as const,
  profit: (f: ProfitFilters) => ["statement", "profit", f] as const,
};

/** One page of the statement with its opening, closing and totals (not asked while the period is broken). */
export function statementQuery(f: StatementFilters) {
  return {
    ...pagedQuery(statementKeys.statement(f), API.statement, statementResponseSchema, {
      ...statementFileQuery(f),
      page: f.page,
      pageSize: f.pageSize,
    }),
    enabled: !periodBroken(f),
  };
}

/** One page of the profit table with its totals. */
export function profitQuery(f: ProfitFilters) {
  return {
    ...pagedQuery(statementKeys.profit(f), API.profitTable, profitResponseSchema, {
      ...profitFileQuery(f),
      page: f.page,
      pageSize: f.pageSize,
    }),
    enabled: !periodBroken(f),
  };
}

/** Mails the statement of a month that has ended. */
export function useMailStatement() {
  return useMutation({
    mutationFn: (input: StatementMailInput) =>
      apiFetch(API.statementMail, { method: "POST", body: input, schema: statementMailResponseSchema }),
  });
}
