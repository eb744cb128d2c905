import type { MemberAccount, TradeDirection, TradeResult, TradingMode, TransactionKind } from "@helio/shared";
import type { I18n, MessageDescriptor } from "@lingui/core";

/** The words of the statement and the profit table (files and mail), in the reader's language. */
const KINDS = {
  deposit: /*i18n*/ { id: "statement.kind.deposit", message: "Deposit" },
  withdrawal: /*i18n*/ { id: "statement.kind.withdrawal", message: "Withdrawal" },
  withdrawal_hold: /*i18n*/ { id: "statement.kind.withdrawal_hold", message: "Withdrawal (held)" },
  withdrawal_release: /*i18n*/ { id: "statement.kind.withdrawal_release", message: "Withdrawal returned" },
  trade_stake: /*i18n*/ { id: "statement.kind.trade_stake", message: "Trade stake" },
  trade_payout: /*i18n*/ { id: "statement.kind.trade_payout", message: "Trade payout" },
  investment: /*i18n*/ { id: "statement.kind.investment", message: "Investment" },
  investment_return: /*i18n*/ { id: "statement.kind.investment_return", message: "Investment return" },
  profit: /*i18n*/ { id: "statement.kind.profit", message: "Profit" },
  commission: /*i18n*/ { id: "statement.kind.commission", message: "Commission" },
  funds_transfer: /*i18n*/ { id: "statement.kind.funds_transfer", message: "Funds transfer" },
  adjustment: /*i18n*/ { id: "statement.kind.adjustment", message: "Adjustment" },
  demo_grant: /*i18n*/ { id: "statement.kind.demo_grant", message: "Demo grant" },
  demo_reset: /*i18n*/ { id: "statement.kind.demo_reset", message: "Demo reset" },
} satisfies Record<TransactionKind, MessageDescriptor>;

const ACCOUNTS = {
  wallet: /*i18n*/ { id: "statement.account.wallet", message: "Wallet" },
  demo: /*i18n*/ { id: "statement.account.demo", message: "Demo" },
  profit: /*i18n*/ { id: "statement.account.profit", message: "Profit" },
  bonus: /*i18n*/ { id: "statement.account.bonus", message: "Bonus" },
  withdrawal_hold: /*i18n*/ { id: "statement.account.withdrawal_hold", message: "On hold" },
} satisfies Record<MemberAccount, MessageDescriptor>;

const MODES = {
  real: /*i18n*/ { id: "statement.mode.real", message: "Real" },
  practice: /*i18n*/ { id: "statement.mode.practice", message: "Practice" },
} satisfies Record<TradingMode, MessageDescriptor>;

const DIRECTIONS = {
  up: /*i18n*/ { id: "statement.direction.up", message: "Up" },
  down: /*i18n*/ { id: "statement.direction.down", message: "Down" },
} satisfies Record<TradeDirection, MessageDescriptor>;

const RESULTS = {
  win: /*i18n*/ { id: "statement.result.win", message: "Win" },
  loss: /*i18n*/ { id: "statement.result.loss", message: "Loss" },
  equal: /*i18n*/ { id: "statement.result.equal", message: "Equal" },
  void: /*i18n*/ { id: "statement.result.void", message: "Void" },
} satisfies Record<TradeResult, MessageDescriptor>;

export const kindWord = (i18n: I18n, kind: TransactionKind) => i18n._(KINDS[kind]);
export const accountWord = (i18n: I18n, account: MemberAccount) => i18n._(ACCOUNTS[account]);
export const modeWord = (i18n: I18n, mode: TradingMode) => i18n._(MODES[mode]);
export const directionWord = (i18n: I18n, direction: TradeDirection) => i18n._(DIRECTIONS[direction]);
export const resultWord = (i18n: I18n, result: TradeResult) => i18n._(RESULTS[result]);

/** "1 Oct 2026 – 31 Oct 2026" style periods are written as ISO days; an open end in words. */
export function periodWords(i18n: I18n, from: string | null, to: string | null): string {
  const start = from ?? i18n._({ id: "statement.period.first", message: "the first movement" });
  const end = to ?? i18n._({ id: "statement.period.today", message: "today" });
  return i18n._({ id: "statement.period", message: "{start} to {end}", values: { start, end } });
}

/** Column headings and captions of the PDFs. */
export function pdfWords(i18n: I18n) {
  return {
    statementTitle: i18n._({ id: "statement.pdf.title", message: "Statement" }),
    profitTitle: i18n._({ id: "statement.pdf.profit_title", message: "Profit table" }),
    member: i18n._({ id: "statement.pdf.member", message: "Member" }),
    account: i18n._({ id: "statement.pdf.account", message: "Account" }),
    kind: i18n._({ id: "statement.pdf.kind", message: "Kind" }),
    allKinds: i18n._({ id: "statement.pdf.all_kinds", message: "All kinds" }),
    mode: i18n._({ id: "statement.pdf.mode", message: "Mode" }),
    period: i18n._({ id: "statement.pdf.period", message: "Period" }),
    currency: i18n._({ id: "statement.pdf.currency", message: "Currency" }),
    generated: i18n._({ id: "statement.pdf.generated", message: "Generated" }),
    opening: i18n._({ id: "statement.pdf.opening", message: "Opening balance" }),
    closing: i18n._({ id: "statement.pdf.closing", message: "Closing balance" }),
    moneyIn: i18n._({ id: "statement.pdf.money_in", message: "Money in" }),
    moneyOut: i18n._({ id: "statement.pdf.money_out", message: "Money out" }),
    net: i18n._({ id: "statement.pdf.net", message: "Net change" }),
    movements: i18n._({ id: "statement.pdf.movements", message: "Movements" }),
    date: i18n._({ id: "statement.pdf.date", message: "Date" }),
    amount: i18n._({ id: "statement.pdf.amount", message: "Amount" }),
    balance: i18n._({ id: "statement.pdf.balance", message: "Balance" }),
    reference: i18n._({ id: "statement.pdf.reference", message: "Reference" }),
    pair: i18n._({ id: "statement.pdf.pair", message: "Pair" }),
    direction: i18n._({ id: "statement.pdf.direction", message: "Direction" }),
    opened: i18n._({ id: "statement.pdf.opened", message: "Opened" }),
    closed: i18n._({ id: "statement.pdf.closed", message: "Closed" }),
    entryPrice: i18n._({ id: "statement.pdf.entry_price", message: "Entry price" }),
    exitPrice: i18n._({ id: "statement.pdf.exit_price", message: "Exit price" }),
    stake: i18n._({ id: "statement.pdf.stake", message: "Stake" }),
    payout: i18n._({ id: "statement.pdf.payout", message: "Payout" }),
    profit: i18n._({ id: "statement.pdf.profit", message: "Profit or loss" }),
    contracts: i18n._({ id: "statement.pdf.contracts", message: "Contracts" }),
    totals: i18n._({ id: "statement.pdf.totals", message: "Totals" }),
    none: i18n._({ id: "statement.pdf.none", message: "No movements in this period." }),
    noContracts: i18n._({ id: "statement.pdf.no_contracts", message: "No settled contracts in this period." }),
    page: i18n._({ id: "statement.pdf.page", message: "Page" }),
  };
}
export type PdfWords = ReturnType<typeof pdfWords>;

/** Says which currency the amounts are in and at what rate, when it is not the ledger's USD. */
export function rateNote(i18n: I18n, currency: string, rate: number): string | null {
  if (currency === "USD") return null;
  return i18n._({
    id: "statement.pdf.rate_note",
    message:
      "Amounts in {currency} at today's rate of {rate} {currency} per USD; the ledger keeps them in USD (the CSV has both).",
    values: { currency, rate: String(rate) },
  });
}
