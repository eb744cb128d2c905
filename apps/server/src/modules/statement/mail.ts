import type { MemberAccount } from "@helio/shared";
import { fieldError } from "../../platform/http/errors.ts";
import type { MailMessage } from "../../platform/mail/mailer.ts";
import { linkMail } from "../../platform/mail/templates.ts";
import type { StatementSummary } from "../ledger/index.ts";
import { accountWord } from "./labels.ts";
import { type Reader, shown } from "./reader.ts";

/** The first and last day of a month ("2026-10" → 2026-10-01 and 2026-10-31), refused unless it is over. */
export function closedMonth(month: string, now: Date): { from: string; to: string } {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const start = new Date(Date.UTC(year, mon - 1, 1));
  const next = new Date(Date.UTC(year, mon, 1));
  if (next.getTime() > now.getTime()) throw fieldError("month", "Only a month that has ended can be mailed");
  const last = new Date(next.getTime() - 86_400_000);
  return { from: start.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** The statement's own address: the PDF of that month, which opens once the member is signed in. */
export function statementPdfUrl(publicUrl: string, pdfPath: string, account: MemberAccount, from: string, to: string) {
  const query = new URLSearchParams({ account, from, to });
  return `${publicUrl.replace(/\/$/, "")}${pdfPath}?${query}`;
}

/** The mail of one month's statement: its figures and the link to its PDF. */
export function statementMail(
  to: string,
  reader: Reader,
  month: string,
  summary: StatementSummary,
  url: string,
): MailMessage {
  const { i18n } = reader;
  const t = summary.totals;
  return linkMail(to, {
    subject: i18n._({ id: "mail.statement.subject", message: "Your Helio statement for {month}", values: { month } }),
    title: i18n._({ id: "mail.statement.title", message: "Your statement for {month}", values: { month } }),
    intro: i18n._({
      id: "mail.statement.intro",
      message:
        "{account}: opening balance {opening}, money in {in}, money out {out}, closing balance {closing} ({count} movements).",
      values: {
        account: accountWord(i18n, summary.account),
        opening: shown(reader, summary.openingMicrocents),
        in: shown(reader, t.inMicrocents),
        out: shown(reader, t.outMicrocents),
        closing: shown(reader, summary.closingMicrocents),
        count: t.count,
      },
    }),
    action: i18n._({ id: "mail.statement.action", message: "Download the PDF" }),
    linkLabel: i18n._({ id: "mail.link_label", message: "Open this link" }),
    url,
    outro: i18n._({
      id: "mail.statement.outro",
      message: "The link opens the statement once you are signed in to Helio. You asked for it on the statement page.",
    }),
  });
}
