import type { PROFIT_CSV_COLUMNS, STATEMENT_CSV_COLUMNS } from "@helio/shared";
import type { MessageDescriptor } from "@lingui/core";
import { i18nFor } from "../../platform/i18n/index.ts";

/**
 * The header rows of the statement's and the profit table's CSV files in the reader's language;
 * English keeps machine-style names (`amount_usd`), as the other exports do.
 */
const NAMES = {
  id: /*i18n*/ { id: "csv.id", message: "id" },
  pair: /*i18n*/ { id: "csv.pair", message: "pair" },
  direction: /*i18n*/ { id: "csv.direction", message: "direction" },
  mode: /*i18n*/ { id: "csv.mode", message: "mode" },
  opened_at: /*i18n*/ { id: "csv.opened_at", message: "opened_at" },
  closed_at: /*i18n*/ { id: "csv.closed_at", message: "closed_at" },
  entry_price: /*i18n*/ { id: "csv.entry_price", message: "entry_price" },
  exit_price: /*i18n*/ { id: "csv.exit_price", message: "exit_price" },
  result: /*i18n*/ { id: "csv.result", message: "result" },
  stake_usd: /*i18n*/ { id: "csv.stake_usd", message: "stake_usd" },
  payout_usd: /*i18n*/ { id: "csv.payout_usd", message: "payout_usd" },
  profit_usd: /*i18n*/ { id: "csv.profit_usd", message: "profit_usd" },
  stake: /*i18n*/ { id: "csv.stake", message: "stake" },
  payout: /*i18n*/ { id: "csv.payout", message: "payout" },
  profit: /*i18n*/ { id: "csv.profit", message: "profit" },
  date: /*i18n*/ { id: "csv.date", message: "date" },
  kind: /*i18n*/ { id: "csv.kind", message: "kind" },
  account: /*i18n*/ { id: "csv.account", message: "account" },
  amount_usd: /*i18n*/ { id: "csv.amount_usd", message: "amount_usd" },
  balance_after_usd: /*i18n*/ { id: "csv.balance_after_usd", message: "balance_after_usd" },
  amount: /*i18n*/ { id: "csv.amount", message: "amount" },
  balance: /*i18n*/ { id: "csv.balance", message: "balance" },
  reference_type: /*i18n*/ { id: "csv.reference_type", message: "reference_type" },
  reference_id: /*i18n*/ { id: "csv.reference_id", message: "reference_id" },
  transaction_id: /*i18n*/ { id: "csv.transaction_id", message: "transaction_id" },
} satisfies Record<(typeof STATEMENT_CSV_COLUMNS)[number] | (typeof PROFIT_CSV_COLUMNS)[number], MessageDescriptor>;

export function headerIn(locale: unknown, columns: readonly (keyof typeof NAMES)[]): string[] {
  const i18n = i18nFor(locale);
  return columns.map((column) => i18n._(NAMES[column]));
}
