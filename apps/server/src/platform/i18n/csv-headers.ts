import type { MessageDescriptor } from "@lingui/core";
import { i18nFor } from "./index.ts";

/**
 * The header row of the member's CSV exports in their language. English keeps the machine-style
 * names as they have always been (`amount_usd`), which scripts may read; other languages name the
 * columns in words. The values below the header stay machine-readable in every language (ISO
 * dates, decimals with a dot), so a file opens the same in any spreadsheet.
 */
const COLUMN_NAMES = {
  id: /*i18n*/ { id: "csv.id", message: "id" },
  pair: /*i18n*/ { id: "csv.pair", message: "pair" },
  direction: /*i18n*/ { id: "csv.direction", message: "direction" },
  amount_usd: /*i18n*/ { id: "csv.amount_usd", message: "amount_usd" },
  account: /*i18n*/ { id: "csv.account", message: "account" },
  payout_percent: /*i18n*/ { id: "csv.payout_percent", message: "payout_percent" },
  duration_seconds: /*i18n*/ { id: "csv.duration_seconds", message: "duration_seconds" },
  entry_price: /*i18n*/ { id: "csv.entry_price", message: "entry_price" },
  exit_price: /*i18n*/ { id: "csv.exit_price", message: "exit_price" },
  result: /*i18n*/ { id: "csv.result", message: "result" },
  payout_usd: /*i18n*/ { id: "csv.payout_usd", message: "payout_usd" },
  opened_at: /*i18n*/ { id: "csv.opened_at", message: "opened_at" },
  expires_at: /*i18n*/ { id: "csv.expires_at", message: "expires_at" },
  settled_at: /*i18n*/ { id: "csv.settled_at", message: "settled_at" },
  date: /*i18n*/ { id: "csv.date", message: "date" },
  kind: /*i18n*/ { id: "csv.kind", message: "kind" },
  balance_after_usd: /*i18n*/ { id: "csv.balance_after_usd", message: "balance_after_usd" },
  reference_type: /*i18n*/ { id: "csv.reference_type", message: "reference_type" },
  reference_id: /*i18n*/ { id: "csv.reference_id", message: "reference_id" },
  transaction_id: /*i18n*/ { id: "csv.transaction_id", message: "transaction_id" },
  memo: /*i18n*/ { id: "csv.memo", message: "memo" },
} satisfies Record<string, MessageDescriptor>;

export type CsvColumn = keyof typeof COLUMN_NAMES;

/** The header row for `columns` in the reader's language (English for null or an unknown locale). */
export function csvHeaderIn(locale: unknown, columns: readonly CsvColumn[]): string[] {
  const i18n = i18nFor(locale);
  return columns.map((column) => i18n._(COLUMN_NAMES[column]));
}
