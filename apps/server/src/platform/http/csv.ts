import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * The one CSV writer (RFC 4180, CRLF lines) for every export (wallet history, trade history…).
 *
 * A cell is either text or a value. Text that a spreadsheet would run as a formula (starting with
 * = + - @ tab or CR) is prefixed with ' so it shows as text (CSV/formula injection). A value
 * (an amount like -12.34, a price, a date we format ourselves) is written as it is, since the
 * guard would turn a negative amount into text.
 */
export type CsvCell = { text: string | null | undefined } | { value: string | number | null | undefined };

export const text = (v: string | null | undefined): CsvCell => ({ text: v });
export const value = (v: string | number | null | undefined): CsvCell => ({ value: v });

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted when it holds a quote, comma or line break; formula-like text guarded. */
export function csvField(cell: CsvCell): string {
  const raw = "text" in cell ? (cell.text ?? "") : String(cell.value ?? "");
  const safe = "text" in cell && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line, CRLF-terminated. */
export const csvLine = (cells: CsvCell[]) => `${cells.map(csvField).join(",")}\r\n`;

/** A streamed CSV body: the header, then a line per row of every batch (never the whole file in memory). */
export function csvStream<T>(header: readonly string[], batches: AsyncIterable<T[]>, row: (item: T) => CsvCell[]) {
  return Readable.from(
    (async function* lines() {
      yield csvLine(header.map(text));
      for await (const batch of batches) yield batch.map((item) => csvLine(row(item))).join("");
    })(),
  );
}

/** `<prefix>-YYYY-MM-DD.csv`, dated today (UTC): a download's file name. */
export const datedCsvName = (prefix: string) => `${prefix}-${new Date().toISOString().slice(0, 10)}.csv`;

/** Sends a CSV body as a download; never stored by a cache (it is a member's own data). */
export function sendCsvFile(reply: FastifyReply, fileName: string, body: Readable) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(body);
}
