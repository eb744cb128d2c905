import {
  type Currency,
  formatMoney,
  NOTIFICATION_EMAIL,
  type NotificationKind,
  pairOf,
  rateFor,
  ratesOf,
  type Settings,
} from "@helio/shared";
import { displayCurrencyOf } from "../../platform/money/rate-quote.ts";

/**
 * What other modules tell the notifications module: the facts of one event, by kind. The wording,
 * the event key (the idempotency of the event) and the link are derived here, in one place.
 */
export type NotificationEvent =
  | { kind: "deposit.approved"; userId: string; depositId: string; reference: string; amountCents: number }
  | {
      kind: "deposit.rejected";
      userId: string;
      depositId: string;
      reference: string;
      amountCents: number;
      reason: string;
    }
  | {
      kind: "withdrawal.paid";
      userId: string;
      withdrawalId: string;
      amountCents: number;
      netCents: number;
      payoutReference: string;
    }
  | { kind: "withdrawal.rejected"; userId: string; withdrawalId: string; amountCents: number; reason: string }
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
      amountCents: number;
      result: string;
      payoutCents: number;
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
  | {
      kind: "investment.profit";
      userId: string;
      investmentId: string;
      reference: string;
      /** The periods paid by this pass (more than one when missed periods were caught up). */
      fromPeriod: number;
      toPeriod: number;
      durationPeriods: number;
      amountCents: number;
    }
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
      role: string;
      from: Date;
      to: Date;
    }
  | {
      kind: "investment.matured";
      userId: string;
      investmentId: string;
      reference: string;
      profitCents: number;
      capitalCents: number;
    };

/** The member as the wording needs them: the name to address them by, and their display currency. */
export type Reader = { name: string; currency: Currency; rate: number | null };

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
  freezeAccount: (token: string) => `/freeze-account/${encodeURIComponent(token)}`,
} as const;

/** A reader's display currency and its rate from the settings (null when the settings lack it). */
export function readerOf(row: { firstName: string; name: string; currency: string }, settings: Settings): Reader {
  const currency = displayCurrencyOf(row.currency);
  const rate = rateFor(ratesOf(settings), currency);
  return { name: row.firstName.trim() || row.name.trim() || "there", currency, rate };
}

/**
 * An amount held in USD cents, in the reader's currency with the USD amount beside it (the ledger
 * is in USD; the other is at today's settings rate): `1,625,000.00 IDR (100.00 USD)`.
 */
export function money(reader: Reader, cents: number): string {
  const usd = formatMoney(cents, "USD");
  if (reader.currency === "USD" || reader.rate === null) return usd;
  return `${formatMoney(cents, reader.currency, reader.rate)} (${usd})`;
}

const when = (at: Date) =>
  `${at.toLocaleString("en-GB", {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  })} UTC`;

/** The reason an admin wrote, as a sentence ending. */
const quoted = (reason: string) => `"${reason.trim().replace(/\s+/g, " ")}"`;

export type Written = { eventKey: string; title: string; body: string; link: string | null };

/** The event key, title, body and link of an event, written for its reader. */
export function write(event: NotificationEvent, r: Reader): Written {
  switch (event.kind) {
    case "deposit.approved":
      return {
        eventKey: `deposit.approved:${event.depositId}`,
        title: "Deposit approved",
        body: `${r.name}, your deposit ${event.reference} of ${money(r, event.amountCents)} is approved and credited to your wallet.`,
        link: webPaths.deposit(event.depositId),
      };
    case "deposit.rejected":
      return {
        eventKey: `deposit.rejected:${event.depositId}`,
        title: "Deposit rejected",
        body: `${r.name}, your deposit ${event.reference} of ${money(r, event.amountCents)} was rejected: ${quoted(event.reason)}. Nothing was credited.`,
        link: webPaths.deposit(event.depositId),
      };
    case "withdrawal.paid":
      return {
        eventKey: `withdrawal.paid:${event.withdrawalId}`,
        title: "Withdrawal paid",
        body:
          `${r.name}, your withdrawal of ${money(r, event.amountCents)} is paid out: ` +
          `${money(r, event.netCents)} sent to your bank (payout reference ${event.payoutReference}).`,
        link: webPaths.withdrawal(event.withdrawalId),
      };
    case "withdrawal.rejected":
      return {
        eventKey: `withdrawal.rejected:${event.withdrawalId}`,
        title: "Withdrawal rejected",
        body: `${r.name}, your withdrawal of ${money(r, event.amountCents)} was rejected: ${quoted(event.reason)}. The amount is back in your wallet.`,
        link: webPaths.withdrawal(event.withdrawalId),
      };
    case "kyc.approved":
      return {
        eventKey: `kyc.approved:${event.submittedAt.getTime()}`,
        title: "Identity verified",
        body: `${r.name}, your identity is verified. You can now withdraw to your bank.`,
        link: webPaths.kyc,
      };
    case "kyc.rejected":
      return {
        eventKey: `kyc.rejected:${event.submittedAt.getTime()}`,
        title: "Identity verification rejected",
        body: `${r.name}, your identity documents were not accepted: ${quoted(event.reason)}. You can submit them again.`,
        link: webPaths.kyc,
      };
    case "trade.settled": {
      const pair = `${pairOf(event.symbol)?.symbol ?? event.symbol}/USDT`;
      const practice = event.account === "demo" ? "practice " : "";
      const stake = money(r, event.amountCents);
      const outcome =
        event.result === "win"
          ? `won: ${money(r, event.payoutCents)} paid out.`
          : event.result === "loss"
            ? `lost: the stake of ${stake} is gone.`
            : event.result === "equal"
              ? `closed level: the stake of ${stake} is returned.`
              : `was void (no price at expiry): the stake of ${stake} is returned.`;
      return {
        eventKey: `trade.settled:${event.contractId}`,
        title: event.result === "win" ? `Trade won: ${pair}` : `Trade settled: ${pair}`,
        body: `Your ${practice}${pair} ${event.direction} trade of ${stake} ${outcome}`,
        link: webPaths.tradeHistory,
      };
    }
    case "password.changed":
      return {
        eventKey: `password.changed:${event.eventId}`,
        title: event.how === "reset" ? "Your password was reset" : "Your password was changed",
        body:
          `${r.name}, the password of your Helio account was ${event.how === "reset" ? "reset" : "changed"} on ${when(event.at)}. ` +
          "If this was not you, reset your password at once and contact support.",
        link: webPaths.security,
      };
    case "two_factor.enabled":
      return {
        eventKey: `two_factor.enabled:${event.eventId}`,
        title: "Two-factor authentication turned on",
        body: `${r.name}, two-factor authentication was turned on for your account on ${when(event.at)}. If this was not you, contact support at once.`,
        link: webPaths.security,
      };
    case "two_factor.disabled":
      return {
        eventKey: `two_factor.disabled:${event.eventId}`,
        title: "Two-factor authentication turned off",
        body: `${r.name}, two-factor authentication was turned off for your account on ${when(event.at)}. If this was not you, change your password and contact support at once.`,
        link: webPaths.security,
      };
    case "sign_in.new_device":
      return {
        eventKey: `sign_in.new_device:${event.deviceKey}`,
        title: "Sign-in from a new device",
        body:
          `${r.name}, your account was signed in from ${event.device}${event.ipAddress ? ` (address ${event.ipAddress})` : ""} on ${when(event.at)}. ` +
          "If this was not you, change your password and sign that session out under Security.",
        link: webPaths.security,
      };
    case "investment.profit": {
      const periods =
        event.fromPeriod === event.toPeriod
          ? `period ${event.toPeriod} of ${event.durationPeriods}`
          : `periods ${event.fromPeriod}–${event.toPeriod} of ${event.durationPeriods}`;
      return {
        eventKey: `investment.profit:${event.investmentId}:${event.toPeriod}`,
        title: "Investment profit paid",
        body: `Your investment ${event.reference} paid ${money(r, event.amountCents)} of profit for ${periods}.`,
        link: webPaths.investment(event.investmentId),
      };
    }
    case "bank.changed":
      return {
        eventKey: `bank.changed:${event.changeId}`,
        title: "Your bank account was changed",
        body:
          `${r.name}, the bank account for your withdrawals was changed to ${event.bankName} ${event.accountNumberMasked} on ${when(event.at)}. ` +
          (event.holdUntil ? `For your safety, withdrawals are paused until ${when(event.holdUntil)}. ` : "") +
          "If this was not you, freeze your account with the link: every session is signed out and no money can leave until support has spoken with you.",
        link: webPaths.freezeAccount(event.freezeToken),
      };
    case "account.opened_by_support": {
      const minutes = Math.max(1, Math.round((event.to.getTime() - event.from.getTime()) / 60_000));
      return {
        eventKey: `account.opened_by_support:${event.sessionId}`,
        title: "Support opened your account",
        body:
          `${r.name}, ${event.role} of Helio support had your account open from ${when(event.from)} to ${when(event.to)} (${minutes} min). ` +
          "Support can look at your account to help you, but cannot move money or change your settings. If you did not ask for help, contact support.",
        link: webPaths.security,
      };
    }
    case "investment.matured":
      return {
        eventKey: `investment.matured:${event.investmentId}`,
        title: "Investment matured",
        body:
          `${r.name}, your investment ${event.reference} has matured with ${money(r, event.profitCents)} of profit in total` +
          (event.capitalCents > 0 ? `; its capital of ${money(r, event.capitalCents)} is back in your wallet.` : "."),
        link: webPaths.investment(event.investmentId),
      };
  }
}

/** Whether a kind is mailed at all (its mail row is written with it). */
export const isMailed = (kind: NotificationKind) => NOTIFICATION_EMAIL[kind] !== "never";
