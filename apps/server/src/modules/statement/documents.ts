import { microcentsToDecimal, type ProfitRow, pairOf, type TransactionKind, type WalletEntry } from "@helio/shared";
import { type CsvCell, text, value } from "../../platform/http/csv.ts";
import type { StatementSummary } from "../ledger/index.ts";
import type { ProfitSummary } from "../trading/index.ts";
import {
  accountWord,
  directionWord,
  kindWord,
  modeWord,
  pdfWords,
  periodWords,
  rateNote,
  resultWord,
} from "./labels.ts";
import { type Column, Sheet } from "./pdf-sheet.ts";
import { fileDateTime, type Reader, shown } from "./reader.ts";

/** Who the document is about, as its first line says. */
export type Holder = { name: string; email: string };

/** What a reference column says: the memo, else the business record ("deposit 1a2b3c4d"). */
function referenceOf(e: WalletEntry): string {
  if (e.memo) return e.memo;
  if (!e.reference || e.reference.type === "user") return "";
  const id = e.reference.id.length > 12 ? e.reference.id.slice(0, 8) : e.reference.id;
  return `${e.reference.type.replaceAll("_", " ")} ${id}`;
}

export const statementCsvCells =
  (reader: Reader) =>
  (e: WalletEntry): CsvCell[] => [
    value(e.createdAt),
    text(e.kind),
    text(e.account),
    value(microcentsToDecimal(e.amountMicrocents)),
    value(microcentsToDecimal(e.balanceAfterMicrocents)),
    text(shown(reader, e.amountMicrocents)),
    text(shown(reader, e.balanceAfterMicrocents)),
    text(e.reference?.type),
    text(e.reference?.id),
    text(e.transactionId),
  ];

export const profitCsvCells =
  (reader: Reader) =>
  (r: ProfitRow): CsvCell[] => [
    text(r.id),
    text(r.symbol),
    text(r.direction),
    text(r.mode),
    value(r.openedAt),
    value(r.closedAt),
    value(r.entryPrice),
    value(r.exitPrice),
    text(r.result),
    value(microcentsToDecimal(r.stakeMicrocents)),
    value(microcentsToDecimal(r.payoutMicrocents)),
    value(microcentsToDecimal(r.profitMicrocents)),
    text(shown(reader, r.stakeMicrocents)),
    text(shown(reader, r.payoutMicrocents)),
    text(shown(reader, r.profitMicrocents)),
  ];

const generatedAt = () => fileDateTime(new Date().toISOString());

/** The statement as a PDF: its figures, then every movement with the running balance, then totals. */
export async function statementPdf(
  reader: Reader,
  holder: Holder,
  summary: StatementSummary & { kind?: TransactionKind },
  entries: AsyncIterable<WalletEntry[]>,
) {
  const { i18n } = reader;
  const w = pdfWords(i18n);
  const sheet = new Sheet({ title: `Helio · ${w.statementTitle}`, lang: reader.locale, rtl: reader.locale === "ar" });
  sheet.title(`Helio · ${w.statementTitle}`);
  sheet.facts([
    [w.member, `${holder.name} <${holder.email}>`],
    [w.account, accountWord(i18n, summary.account)],
    [w.kind, summary.kind ? kindWord(i18n, summary.kind) : w.allKinds],
    [w.period, periodWords(i18n, summary.from, summary.to)],
    [w.currency, reader.currency],
    [w.generated, generatedAt()],
  ]);
  const note = rateNote(i18n, reader.currency, reader.rate);
  if (note) sheet.note(note);
  const t = summary.totals;
  sheet.facts(
    [
      [w.opening, shown(reader, summary.openingMicrocents)],
      [w.moneyIn, shown(reader, t.inMicrocents)],
      [w.moneyOut, shown(reader, t.outMicrocents)],
      [w.net, shown(reader, t.netMicrocents)],
      [w.closing, shown(reader, summary.closingMicrocents)],
      [w.movements, String(t.count)],
    ],
    true,
  );
  const columns: Column<WalletEntry>[] = [
    { title: w.date, width: 14, cell: (e) => fileDateTime(e.createdAt) },
    { title: w.kind, width: 16, cell: (e) => kindWord(i18n, e.kind) },
    { title: w.reference, width: 30, cell: referenceOf },
    { title: w.amount, width: 18, numeric: true, cell: (e) => shown(reader, e.amountMicrocents) },
    { title: w.balance, width: 18, numeric: true, cell: (e) => shown(reader, e.balanceAfterMicrocents) },
  ];
  await sheet.table(columns, entries, [w.totals, String(t.count), "", shown(reader, t.netMicrocents), ""], w.none);
  return sheet.finish(w.page);
}

/** The profit table as a PDF: every settled contract of one mode, then totals. */
export async function profitPdf(
  reader: Reader,
  holder: Holder,
  summary: ProfitSummary,
  rows: AsyncIterable<ProfitRow[]>,
) {
  const { i18n } = reader;
  const w = pdfWords(i18n);
  const sheet = new Sheet({ title: `Helio · ${w.profitTitle}`, lang: reader.locale, rtl: reader.locale === "ar" });
  sheet.title(`Helio · ${w.profitTitle}`);
  sheet.facts([
    [w.member, `${holder.name} <${holder.email}>`],
    [w.mode, modeWord(i18n, summary.mode)],
    [w.period, periodWords(i18n, summary.from, summary.to)],
    [w.currency, reader.currency],
    [w.generated, generatedAt()],
  ]);
  const note = rateNote(i18n, reader.currency, reader.rate);
  if (note) sheet.note(note);
  const t = summary.totals;
  sheet.facts(
    [
      [w.contracts, String(t.count)],
      [w.stake, shown(reader, t.stakeMicrocents)],
      [w.payout, shown(reader, t.payoutMicrocents)],
      [w.profit, shown(reader, t.profitMicrocents)],
    ],
    true,
  );
  const columns: Column<ProfitRow>[] = [
    { title: w.pair, width: 9, cell: (r) => `${pairOf(r.symbol)?.symbol ?? r.symbol}/USDT` },
    {
      title: w.direction,
      width: 8,
      cell: (r) => `${directionWord(i18n, r.direction)} · ${resultWord(i18n, r.result)}`,
    },
    { title: w.opened, width: 12, cell: (r) => fileDateTime(r.openedAt) },
    { title: w.closed, width: 12, cell: (r) => fileDateTime(r.closedAt) },
    { title: w.entryPrice, width: 10, numeric: true, cell: (r) => r.entryPrice },
    { title: w.exitPrice, width: 10, numeric: true, cell: (r) => r.exitPrice ?? "" },
    { title: w.stake, width: 13, numeric: true, cell: (r) => shown(reader, r.stakeMicrocents) },
    { title: w.payout, width: 13, numeric: true, cell: (r) => shown(reader, r.payoutMicrocents) },
    { title: w.profit, width: 13, numeric: true, cell: (r) => shown(reader, r.profitMicrocents) },
  ];
  const totals = [
    w.totals,
    String(t.count),
    "",
    "",
    "",
    "",
    shown(reader, t.stakeMicrocents),
    shown(reader, t.payoutMicrocents),
    shown(reader, t.profitMicrocents),
  ];
  await sheet.table(columns, rows, totals, w.noContracts);
  return sheet.finish(w.page);
}

/** `statement-2026-10-01-2026-10-31.pdf`: a download's name from its period. */
export function fileName(prefix: string, from: string | null, to: string | null, ext: "csv" | "pdf") {
  const today = new Date().toISOString().slice(0, 10);
  return `${prefix}-${from ?? "start"}-${to ?? today}.${ext}`;
}
