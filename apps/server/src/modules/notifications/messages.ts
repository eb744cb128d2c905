import { createHash } from "node:crypto";
import {
  type Currency,
  formatMoney,
  type Locale,
  NOTIFICATION_EMAIL,
  type NotificationKind,
  pairOf,
  rateFor,
  ratesOf,
  type Settings,
} from "@helio/shared";
import type { I18n } from "@lingui/core";
import { formatUtcDateTime, i18nFor, localeOf } from "../../platform/i18n/index.ts";
import { displayCurrencyOf } from "../../platform/money/rate-quote.ts";

/**
 * What other modules tell the notifications module: the facts of one event, by kind. The wording,
 * the event key (the idempotency of the event) and the link are derived here, in one place.
 */
export type NotificationEvent =
  | { kind: "deposit.approved"; userId: string; depositId: string; reference: string; amountMicrocents: bigint }
  | {
      kind: "deposit.rejected";
      userId: string;
      depositId: string;
      reference: string;
      amountMicrocents: bigint;
      reason: string;
    }
  | {
      kind: "withdrawal.paid";
      userId: string;
      withdrawalId: string;
      amountMicrocents: bigint;
      netMicrocents: bigint;
      payoutReference: string;
    }
  | { kind: "withdrawal.rejected"; userId: string; withdrawalId: string; amountMicrocents: bigint; reason: string }
  /** `submittedAt` names the submission decided (a member may submit again after a rejection). */
  | { kind: "kyc.approved"; userId: string; submittedAt: Date }
  | { kind: "kyc.rejected"; userId: string; submittedAt: Date; reason: string }
  | {
      kind: "trade.settled";
      userId: string;
      contractId: string;
      symbol: string;
      direction: string;
      /** wallet (Real) or demo (Practice). */
      account: string;
      amountMicrocents: bigint;
      result: string;
      payoutMicrocents: bigint;
    }
  /** `eventId` tells one change from another (better-auth has no id for it). */
  | { kind: "password.changed"; userId: string; eventId: string; at: Date; how: "changed" | "reset" }
  | { kind: "two_factor.enabled" | "two_factor.disabled"; userId: string; eventId: string; at: Date }
  /** `deviceKey` is the key: a device is new once. */
  | {
      kind: "sign_in.new_device";
      userId: string;
      deviceKey: string;
      device: string;
      ipAddress: string | null;
      at: Date;
    }
  /**
   * One accrual pass's profit for one member: every investment it credited, told as one
   * notification (one investment by name; several as a count and their sum).
   */
  | { kind: "investment.profit"; userId: string; credits: readonly ProfitCredit[] }
  /** `changeId` tells one change from another; the freeze link answers "it was not me". */
  | {
      kind: "bank.changed";
      userId: string;
      changeId: string;
      bankName: string;
      accountNumberMasked: string;
      at: Date;
      /** Withdrawals wait until then (null: no wait is set). */
      holdUntil: Date | null;
      freezeToken: string;
    }
  /** Support (an admin signed in as the member) had the account open from `from` to `to`. */
  | {
      kind: "account.opened_by_support";
      userId: string;
      sessionId: string;
      /** The back-office role of who had it open (`admin`…): the member is told a role, never a person. */
      role: string;
      from: Date;
      to: Date;
    }
  | {
      kind: "investment.matured";
      userId: string;
      investmentId: string;
      reference: string;
      profitMicrocents: bigint;
      capitalMicrocents: bigint;
    };

/** What one accrual pass credited to one investment. */
export type ProfitCredit = {
  investmentId: string;
  reference: string;
  /** The periods paid by this pass (more than one when missed periods were caught up). */
  fromPeriod: number;
  toPeriod: number;
  durationPeriods: number;
  amountMicrocents: bigint;
};

/** The member as the wording needs them: the name, their display currency and their language. */
export type Reader = { name: string; currency: Currency; rate: number | null; locale: Locale };

/**
 * The web app's pages a notification links to. The strings are those of `paths` in
 * apps/web/src/lib/paths.ts (the server does not import the web app): keep them in step.
 */
export const webPaths = {
  notifications: "/notifications",
  profile: "/profile",
  security: "/security",
  changePassword: "/change-password",
  kyc: "/kyc-user",
  tradeHistory: "/history-trade",
  deposit: (id: string) => `/invoice-balance/${encodeURIComponent(id)}`,
  withdrawal: (id: string) => `/invoice-wd/${encodeURIComponent(id)}`,
  investment: (id: string) => `/invoice/${encodeURIComponent(id)}`,
  investments: "/investment",
  freezeAccount: (token: string) => `/freeze-account/${encodeURIComponent(token)}`,
} as const;

/**
 * A reader's display currency and its rate from the settings (null when the settings lack it), and
 * the language of their account (English until chosen).
 */
export function readerOf(
  row: { firstName: string; name: string; currency: string; locale?: string | null },
  settings: Settings,
): Reader {
  const currency = displayCurrencyOf(row.currency);
  const rate = rateFor(ratesOf(settings), currency);
  const locale = localeOf(row.locale);
  const i18n = i18nFor(locale);
  const name =
    row.firstName.trim() || row.name.trim() || i18n._({ id: "notification.name_fallback", message: "there" });
  return { name, currency, rate, locale };
}

/**
 * An amount held in USD microcents, in the reader's currency with the USD amount beside it (the
 * ledger is in USD; the other is at today's settings rate), in the reader's number format:
 * `1,625,000.00 IDR (100.00 USD)`, `1.625.000,00 IDR (100,00 USD)` in `id`.
 */
export function money(reader: Reader, microcents: bigint): string {
  const usd = formatMoney(microcents, "USD", 1, reader.locale);
  if (reader.currency === "USD" || reader.rate === null) return usd;
  return `${formatMoney(microcents, reader.currency, reader.rate, reader.locale)} (${usd})`;
}

/** Who opened a member's account, in words: "an administrator", or "a <role>" for another role. */
function roleInWords(i18n: I18n, role: string): string {
  return i18n._({
    id: "notification.opened_by_support.role",
    message: "{role, select, admin {an administrator} other {a {roleName}}}",
    values: { role, roleName: role.replace(/[_-]+/g, " ") },
  });
}

/** The reason an admin wrote, as a sentence ending. */
const quoted = (reason: string) => `"${reason.trim().replace(/\s+/g, " ")}"`;

export type Written = { eventKey: string; title: string; body: string; link: string | null };

/**
 * One pass's profit: one investment by name and periods, several as one line ("Profit credited:
 * 3 investments, 29,737.50 IDR") linking to the member's investments. The key names every
 * investment and period credited, so the same pass is recorded once.
 */
function profitWritten(i18n: I18n, credits: readonly ProfitCredit[], r: Reader): Written {
  const title = i18n._({ id: "notification.investment_profit.title", message: "Investment profit paid" });
  const [one] = credits;
  if (credits.length === 1 && one) {
    const values = {
      reference: one.reference,
      amount: money(r, one.amountMicrocents),
      from: one.fromPeriod,
      to: one.toPeriod,
      of: one.durationPeriods,
    };
    return {
      eventKey: `investment.profit:${one.investmentId}:${one.toPeriod}`,
      title,
      body:
        one.fromPeriod === one.toPeriod
          ? i18n._({
              id: "notification.investment_profit.body",
              message: "Your investment {reference} paid {amount} of profit for period {to} of {of}.",
              values,
            })
          : i18n._({
              id: "notification.investment_profit.body_periods",
              message: "Your investment {reference} paid {amount} of profit for periods {from}–{to} of {of}.",
              values,
            }),
      link: webPaths.investment(one.investmentId),
    };
  }
  const paid = credits.map((c) => `${c.investmentId}:${c.toPeriod}`).sort();
  const total = credits.reduce((sum, c) => sum + c.amountMicrocents, 0n);
  return {
    eventKey: `investment.profit:${createHash("sha256").update(paid.join(",")).digest("hex").slice(0, 32)}`,
    title,
    body: i18n._({
      id: "notification.investment_profit.body_grouped",
      message: "Profit credited: {count, plural, one {# investment} other {# investments}}, {amount}.",
      values: { count: credits.length, amount: money(r, total) },
    }),
    link: webPaths.investments,
  };
}

/** The event key, title, body and link of an event, written for its reader in their language. */
export function write(event: NotificationEvent, r: Reader): Written {
  const i18n = i18nFor(r.locale);
  const when = (at: Date) => formatUtcDateTime(r.locale, at);
  const name = r.name;
  switch (event.kind) {
    case "deposit.approved":
      return {
        eventKey: `deposit.approved:${event.depositId}`,
        title: i18n._({ id: "notification.deposit_approved.title", message: "Deposit approved" }),
        body: i18n._({
          id: "notification.deposit_approved.body",
          message: "{name}, your deposit {reference} of {amount} is approved and credited to your wallet.",
          values: { name, reference: event.reference, amount: money(r, event.amountMicrocents) },
        }),
        link: webPaths.deposit(event.depositId),
      };
    case "deposit.rejected":
      return {
        eventKey: `deposit.rejected:${event.depositId}`,
        title: i18n._({ id: "notification.deposit_rejected.title", message: "Deposit rejected" }),
        body: i18n._({
          id: "notification.deposit_rejected.body",
          message: "{name}, your deposit {reference} of {amount} was rejected: {reason}. Nothing was credited.",
          values: {
            name,
            reference: event.reference,
            amount: money(r, event.amountMicrocents),
            reason: quoted(event.reason),
          },
        }),
        link: webPaths.deposit(event.depositId),
      };
    case "withdrawal.paid":
      return {
        eventKey: `withdrawal.paid:${event.withdrawalId}`,
        title: i18n._({ id: "notification.withdrawal_paid.title", message: "Withdrawal paid" }),
        body: i18n._({
          id: "notification.withdrawal_paid.body",
          message:
            "{name}, your withdrawal of {amount} is paid out: {net} sent to your bank (payout reference {reference}).",
          values: {
            name,
            amount: money(r, event.amountMicrocents),
            net: money(r, event.netMicrocents),
            reference: event.payoutReference,
          },
        }),
        link: webPaths.withdrawal(event.withdrawalId),
      };
    case "withdrawal.rejected":
      return {
        eventKey: `withdrawal.rejected:${event.withdrawalId}`,
        title: i18n._({ id: "notification.withdrawal_rejected.title", message: "Withdrawal rejected" }),
        body: i18n._({
          id: "notification.withdrawal_rejected.body",
          message: "{name}, your withdrawal of {amount} was rejected: {reason}. The amount is back in your wallet.",
          values: { name, amount: money(r, event.amountMicrocents), reason: quoted(event.reason) },
        }),
        link: webPaths.withdrawal(event.withdrawalId),
      };
    case "kyc.approved":
      return {
        eventKey: `kyc.approved:${event.submittedAt.getTime()}`,
        title: i18n._({ id: "notification.kyc_approved.title", message: "Identity verified" }),
        body: i18n._({
          id: "notification.kyc_approved.body",
          message: "{name}, your identity is verified. You can now withdraw to your bank.",
          values: { name },
        }),
        link: webPaths.kyc,
      };
    case "kyc.rejected":
      return {
        eventKey: `kyc.rejected:${event.submittedAt.getTime()}`,
        title: i18n._({ id: "notification.kyc_rejected.title", message: "Identity verification rejected" }),
        body: i18n._({
          id: "notification.kyc_rejected.body",
          message: "{name}, your identity documents were not accepted: {reason}. You can submit them again.",
          values: { name, reason: quoted(event.reason) },
        }),
        link: webPaths.kyc,
      };
    case "trade.settled": {
      const pair = `${pairOf(event.symbol)?.symbol ?? event.symbol}/USDT`;
      const account = event.account === "demo" ? "demo" : "wallet";
      const direction = i18n._({
        id: "notification.trade_settled.direction",
        message: "{direction, select, up {up} down {down} other {{direction}}}",
        values: { direction: event.direction },
      });
      const values = {
        account,
        pair,
        direction,
        stake: money(r, event.amountMicrocents),
        payout: money(r, event.payoutMicrocents),
      };
      const body =
        event.result === "win"
          ? i18n._({
              id: "notification.trade_settled.body_won",
              message:
                "{account, select, demo {Your practice {pair} {direction} trade of {stake} won: {payout} paid out.} other {Your {pair} {direction} trade of {stake} won: {payout} paid out.}}",
              values,
            })
          : event.result === "loss"
            ? i18n._({
                id: "notification.trade_settled.body_lost",
                message:
                  "{account, select, demo {Your practice {pair} {direction} trade of {stake} lost: the stake of {stake} is gone.} other {Your {pair} {direction} trade of {stake} lost: the stake of {stake} is gone.}}",
                values,
              })
            : event.result === "equal"
              ? i18n._({
                  id: "notification.trade_settled.body_level",
                  message:
                    "{account, select, demo {Your practice {pair} {direction} trade of {stake} closed level: the stake of {stake} is returned.} other {Your {pair} {direction} trade of {stake} closed level: the stake of {stake} is returned.}}",
                  values,
                })
              : i18n._({
                  id: "notification.trade_settled.body_void",
                  message:
                    "{account, select, demo {Your practice {pair} {direction} trade of {stake} was void (no price at expiry): the stake of {stake} is returned.} other {Your {pair} {direction} trade of {stake} was void (no price at expiry): the stake of {stake} is returned.}}",
                  values,
                });
      return {
        eventKey: `trade.settled:${event.contractId}`,
        title:
          event.result === "win"
            ? i18n._({ id: "notification.trade_settled.title_won", message: "Trade won: {pair}", values: { pair } })
            : i18n._({ id: "notification.trade_settled.title", message: "Trade settled: {pair}", values: { pair } }),
        body,
        link: webPaths.tradeHistory,
      };
    }
    case "password.changed":
      return {
        eventKey: `password.changed:${event.eventId}`,
        title:
          event.how === "reset"
            ? i18n._({ id: "notification.password_reset.title", message: "Your password was reset" })
            : i18n._({ id: "notification.password_changed.title", message: "Your password was changed" }),
        body:
          event.how === "reset"
            ? i18n._({
                id: "notification.password_reset.body",
                message:
                  "{name}, the password of your Helio account was reset on {at}. If this was not you, reset your password at once and contact support.",
                values: { name, at: when(event.at) },
              })
            : i18n._({
                id: "notification.password_changed.body",
                message:
                  "{name}, the password of your Helio account was changed on {at}. If this was not you, reset your password at once and contact support.",
                values: { name, at: when(event.at) },
              }),
        link: webPaths.security,
      };
    case "two_factor.enabled":
      return {
        eventKey: `two_factor.enabled:${event.eventId}`,
        title: i18n._({ id: "notification.two_factor_enabled.title", message: "Two-factor authentication turned on" }),
        body: i18n._({
          id: "notification.two_factor_enabled.body",
          message:
            "{name}, two-factor authentication was turned on for your account on {at}. If this was not you, contact support at once.",
          values: { name, at: when(event.at) },
        }),
        link: webPaths.security,
      };
    case "two_factor.disabled":
      return {
        eventKey: `two_factor.disabled:${event.eventId}`,
        title: i18n._({
          id: "notification.two_factor_disabled.title",
          message: "Two-factor authentication turned off",
        }),
        body: i18n._({
          id: "notification.two_factor_disabled.body",
          message:
            "{name}, two-factor authentication was turned off for your account on {at}. If this was not you, change your password and contact support at once.",
          values: { name, at: when(event.at) },
        }),
        link: webPaths.security,
      };
    case "sign_in.new_device":
      return {
        eventKey: `sign_in.new_device:${event.deviceKey}`,
        title: i18n._({ id: "notification.new_device.title", message: "Sign-in from a new device" }),
        body: event.ipAddress
          ? i18n._({
              id: "notification.new_device.body_with_address",
              message:
                "{name}, your account was signed in from {device} (address {address}) on {at}. If this was not you, change your password and sign that session out under Security.",
              values: { name, device: event.device, address: event.ipAddress, at: when(event.at) },
            })
          : i18n._({
              id: "notification.new_device.body",
              message:
                "{name}, your account was signed in from {device} on {at}. If this was not you, change your password and sign that session out under Security.",
              values: { name, device: event.device, at: when(event.at) },
            }),
        link: webPaths.security,
      };
    case "investment.profit":
      return profitWritten(i18n, event.credits, r);
    case "bank.changed": {
      const changed = i18n._({
        id: "notification.bank_changed.body",
        message: "{name}, the bank account for your withdrawals was changed to {bank} {account} on {at}.",
        values: { name, bank: event.bankName, account: event.accountNumberMasked, at: when(event.at) },
      });
      const paused = event.holdUntil
        ? ` ${i18n._({
            id: "notification.bank_changed.hold",
            message: "For your safety, withdrawals are paused until {until}.",
            values: { until: when(event.holdUntil) },
          })}`
        : "";
      const freeze = i18n._({
        id: "notification.bank_changed.freeze",
        message:
          "If this was not you, freeze your account with the link: every session is signed out and no money can leave until support has spoken with you.",
      });
      return {
        eventKey: `bank.changed:${event.changeId}`,
        title: i18n._({ id: "notification.bank_changed.title", message: "Your bank account was changed" }),
        body: `${changed}${paused} ${freeze}`,
        link: webPaths.freezeAccount(event.freezeToken),
      };
    }
    case "account.opened_by_support": {
      const minutes = Math.max(1, Math.round((event.to.getTime() - event.from.getTime()) / 60_000));
      return {
        eventKey: `account.opened_by_support:${event.sessionId}`,
        title: i18n._({ id: "notification.opened_by_support.title", message: "Support opened your account" }),
        body: i18n._({
          id: "notification.opened_by_support.body",
          message:
            "{name}, {role} of Helio support had your account open from {from} to {to} ({minutes} min). Support can look at your account to help you, but cannot move money or change your settings. If you did not ask for help, contact support.",
          values: { name, role: roleInWords(i18n, event.role), from: when(event.from), to: when(event.to), minutes },
        }),
        link: webPaths.security,
      };
    }
    case "investment.matured":
      return {
        eventKey: `investment.matured:${event.investmentId}`,
        title: i18n._({ id: "notification.investment_matured.title", message: "Investment matured" }),
        body:
          event.capitalMicrocents > 0n
            ? i18n._({
                id: "notification.investment_matured.body_capital",
                message:
                  "{name}, your investment {reference} has matured with {profit} of profit in total; its capital of {capital} is back in your wallet.",
                values: {
                  name,
                  reference: event.reference,
                  profit: money(r, event.profitMicrocents),
                  capital: money(r, event.capitalMicrocents),
                },
              })
            : i18n._({
                id: "notification.investment_matured.body",
                message: "{name}, your investment {reference} has matured with {profit} of profit in total.",
                values: { name, reference: event.reference, profit: money(r, event.profitMicrocents) },
              }),
        link: webPaths.investment(event.investmentId),
      };
  }
}

/** Whether a kind is mailed at all (its mail row is written with it). */
export const isMailed = (kind: NotificationKind) => NOTIFICATION_EMAIL[kind] !== "never";
