import {
  MEMBER_ACCOUNTS,
  type MemberAccount,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
  settingsSchema,
} from "@helio/shared";
import { formatDateTime } from "../../lib/format.ts";
import { accountLabel } from "../../lib/ledger.ts";
import {
  changedFields,
  countOf,
  field,
  humanise,
  isRecord,
  listedFields,
  microcentsOf,
  money,
  numberOf,
  PACKAGE_FIELDS,
  percent,
  quoted,
  SETTINGS_FIELDS,
  signedMoney,
  textOf,
  withMicrocentKeys,
  words,
} from "./audit-fields.ts";

/**
 * The audit log in sentences: each action the server records (grep `action: "` in apps/server),
 * with what it stores in `before` and `after`, read as "Changed trading mode from Free to Real".
 * An action this file does not know yet reads as its words and its fields, never as a crash.
 */

type Change = { before: unknown; after: unknown };
type Describe = (change: Change) => string;

/** `: reason “spam”`, or nothing without a reason. */
const reasonOf = (value: unknown) => {
  const reason = textOf(field(value, "reason"));
  return reason ? `: reason ${quoted(reason)}` : "";
};

/** The account's state in words, from `{ userBlock, userStatus }`. */
function accountState(value: unknown): string | null {
  if (!isRecord(value)) return null;
  const banned = value.userStatus === "banned";
  const blocked = value.userBlock === true;
  if (banned && blocked) return "banned and blocked";
  return banned ? "banned" : blocked ? "blocked" : "active";
}

const statusChange =
  (verb: string): Describe =>
  ({ before, after }) => {
    const was = accountState(before);
    return `${verb} the member${was ? ` (was ${was})` : ""}${reasonOf(after)}`;
  };

/** The end of a break as a date and time, from `{ endsAt }`. */
const breakEnd = (value: unknown) => {
  const endsAt = textOf(field(value, "endsAt"));
  return endsAt ? formatDateTime(endsAt, { locale: "en" }) : "an unknown date";
};

const mode = (userTrading: unknown) => (userTrading === true ? "Real" : userTrading === false ? "Free" : "unknown");

const account = (value: unknown) =>
  (MEMBER_ACCOUNTS as readonly unknown[]).includes(value) ? accountLabel(value as MemberAccount) : words(String(value));

const statusWords = (value: unknown) => {
  const status = textOf(value);
  return status ? ` (was ${words(status)})` : "";
};

const bankOf = (value: unknown) =>
  [textOf(field(value, "bankName")), textOf(field(value, "accountNumber"))].filter(Boolean).join(" ") || "none";

const packageName = (value: unknown) => {
  const name = textOf(field(value, "name"));
  const slug = textOf(field(value, "slug"));
  return [name ? quoted(name) : "", slug ? `(${slug})` : ""].filter(Boolean).join(" ") || "a package";
};

/** `Finance and Support`, from a stored list of role names. */
const rolesOf = (value: unknown) => {
  const roles = field(value, "roles");
  if (!Array.isArray(roles) || roles.length === 0) return "no role";
  const names = roles.map((role) =>
    (STAFF_ROLES as readonly unknown[]).includes(role) ? STAFF_ROLE_LABELS[role as StaffRole] : words(String(role)),
  );
  return names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
};

/** What was in effect: a record saved by an older server lacks newer fields, which had their defaults. */
function effectiveSettings(value: unknown): unknown {
  const parsed = settingsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : value;
}

/** A member's own limit by name, as the limits page words it. */
const LIMIT_NAMES: Record<string, string> = {
  stakeMax: "largest stake",
  stake24h: "24-hour stake",
  stake7d: "7-day stake",
  stake30d: "30-day stake",
  loss24h: "24-hour loss",
  loss7d: "7-day loss",
  loss30d: "30-day loss",
  openContracts: "open contracts",
  deposit30d: "30-day deposit",
  sessionMinutes: "session length",
  free: "Practice money",
};

/**
 * A limit's value as it reads: money, a count, minutes, on or off; "none" for no limit. Stored as a
 * string of digits in the unit of its key (microcents for money), or as a number by older servers
 * (cents for money).
 */
function limitValue(key: string, value: unknown): string {
  const count = countOf(value);
  if (count === null) return key === "free" ? "off" : "none";
  if (key === "free") return "on";
  if (key === "openContracts") return count;
  if (key === "sessionMinutes") return `${count} minutes`;
  return money(value);
}

const SENTENCES: Record<string, Describe> = {
  "member.block": statusChange("Blocked"),
  "member.unblock": statusChange("Unblocked"),
  "member.ban": statusChange("Banned"),
  "member.unban": statusChange("Unbanned"),
  "member.trading_mode": ({ before, after }) => {
    const from = mode(field(before, "userTrading"));
    const to = mode(field(after, "userTrading"));
    return from === to ? `Kept trading mode ${to}` : `Changed trading mode from ${from} to ${to}`;
  },
  "member.trading_lock": ({ before, after }) => {
    const locked = field(after, "tradingLocked") === true;
    const movedFromReal = field(before, "userTrading") === true && field(after, "userTrading") === false;
    if (!locked) return "Lifted the Practice lock: the member may switch to Real again";
    return `Locked the member to Practice${movedFromReal ? " (moved from Real to Free)" : ""}`;
  },
  "member.break_timeout": ({ after }) => `Took a timeout until ${breakEnd(after)}`,
  "member.break_exclusion": ({ after }) => `Excluded themselves until ${breakEnd(after)}`,
  "member.break_lift": ({ before, after }) =>
    `Lifted the member's ${field(before, "kind") === "exclusion" ? "self-exclusion" : "timeout"} early${reasonOf(after)}`,
  "member.impersonation_link": () => "Made a one-time link to sign in as the member",
  "member.impersonation_start": () => "Signed in as the member",
  "member.impersonation_end": () => "Ended the session as the member",
  "member.limit": ({ before, after }) => {
    const key = textOf(field(after, "limit")) ?? "?";
    const from = limitValue(key, field(before, "value"));
    const pendingAt = textOf(field(after, "pendingAt"));
    if (pendingAt) {
      const to = limitValue(key, field(after, "pendingValue"));
      return `Asked to change their ${LIMIT_NAMES[key] ?? key} limit from ${from} to ${to}, from ${formatDateTime(pendingAt, { locale: "en" })} (cooling-off)`;
    }
    return `Changed their ${LIMIT_NAMES[key] ?? key} limit from ${from} to ${limitValue(key, field(after, "value"))}`;
  },
  "member.close": () => "The member closed their account (every session signed out; the records are kept)",
  "member.freeze": () => "The member froze their account from a security e-mail (every session signed out)",
  "member.unfreeze": () => "Lifted the member's freeze",
  "impersonation.request": ({ after }) => {
    const method = textOf(field(after, "method")) ?? "?";
    const route = textOf(field(after, "route")) ?? "?";
    const status = numberOf(field(after, "status"));
    const refused = status === 403 ? " (refused: read-only)" : status !== null && status >= 400 ? ` (${status})` : "";
    return `As the member: ${method} ${route}${refused}`;
  },
  "member.sign_in_backoff": ({ after }) => {
    const failures = numberOf(field(after, "failures"));
    const delay = numberOf(field(after, "delaySeconds"));
    return `Slowed down sign-ins${failures === null ? "" : ` after ${failures} failed attempts`}${
      delay === null ? "" : `: next attempt in ${delay} s`
    }`;
  },
  "member.balance_adjust": ({ after }) => {
    const balance = field(after, "balanceMicrocents");
    const secondApproval = textOf(field(after, "requestedBy")) ? " as the second approver" : "";
    return `Adjusted the ${account(field(after, "account"))} balance by ${signedMoney(field(after, "amountMicrocents"))}${
      microcentsOf(balance) === null ? "" : ` to ${money(balance)}`
    }${secondApproval}${reasonOf(after)}`;
  },
  "member.balance_adjust_request": ({ after }) =>
    `Asked for a second approval to adjust the ${account(field(after, "account"))} balance by ${signedMoney(
      field(after, "amountMicrocents"),
    )}${reasonOf(after)}`,
  "member.balance_adjust_reject": ({ before, after }) =>
    `Rejected the adjustment of the ${account(field(before, "account"))} balance by ${signedMoney(
      field(before, "amountMicrocents"),
    )}${reasonOf(after)}`,
  "member.two_factor_reset_request": () => "Asked the member by mail to confirm a reset of their two-factor",
  "member.two_factor_reset": () => "Two-factor turned off: the member confirmed the reset",
  "member.demo_reset": ({ before, after }) =>
    `Reset the demo balance from ${money(field(before, "demoMicrocents"))} to ${money(field(after, "demoMicrocents"))}`,
  "referral.commission_skipped": ({ after }) => {
    const level = numberOf(field(after, "level"));
    return `Skipped a ${level === null ? "" : `level ${level} `}referral commission of ${money(
      field(after, "amountMicrocents"),
    )}${reasonOf(after)}`;
  },
  "bank.update": ({ before, after }) =>
    isRecord(before)
      ? `Changed the bank account from ${bankOf(before)} to ${bankOf(after)}`
      : `Added the bank account ${bankOf(after)}`,
  "deposit.approve": ({ before, after }) => {
    const reference = textOf(field(before, "reference"));
    return `Approved ${reference ? `deposit ${reference}` : "a deposit"} of ${money(field(after, "amountMicrocents"))}`;
  },
  "deposit.reject": ({ before, after }) => {
    const reference = textOf(field(before, "reference"));
    return `Rejected ${reference ? `deposit ${reference}` : "a deposit"}${statusWords(field(before, "status"))}${reasonOf(after)}`;
  },
  "withdrawal.approve": ({ before, after }) => {
    const payout = textOf(field(after, "payoutReference"));
    return `Approved a withdrawal of ${money(field(before, "amountMicrocents"))}: paid out ${money(
      field(after, "netMicrocents"),
    )} after a ${money(field(after, "feeMicrocents"))} fee${payout ? `, payout reference ${quoted(payout)}` : ""}`;
  },
  "withdrawal.first_approval": ({ before }) =>
    `Gave the first of two approvals to a withdrawal of ${money(field(before, "amountMicrocents"))}: it awaits a second approver`,
  "withdrawal.reject": ({ before, after }) =>
    `Rejected a withdrawal of ${money(field(before, "amountMicrocents"))}${reasonOf(after)}`,
  "kyc.approve": ({ before }) => `Approved the KYC${statusWords(field(before, "status"))}`,
  "kyc.reject": ({ before, after }) => `Rejected the KYC${statusWords(field(before, "status"))}${reasonOf(after)}`,
  "package.create": ({ after }) =>
    `Created package ${packageName(after)}: ${money(field(after, "minAmount"))} to ${money(
      field(after, "maxAmount"),
    )} at ${percent(field(after, "dailyRateBps"))} per period for ${numberOf(field(after, "durationPeriods")) ?? "?"} periods`,
  "package.update": ({ before, after }) => {
    const changes = changedFields(before, after, PACKAGE_FIELDS);
    return changes
      ? `Changed package ${packageName(before)}: ${changes}`
      : `Saved package ${packageName(after)} without changes`;
  },
  "package.delete": ({ before }) => `Deleted package ${packageName(before)}`,
  "staff.invite": ({ after }) => {
    const email = textOf(field(after, "email"));
    return `Invited ${email ? quoted(email) : "a staff member"} to the back office as ${rolesOf(after)}`;
  },
  "staff.roles": ({ before, after }) => `Changed the staff roles from ${rolesOf(before)} to ${rolesOf(after)}`,
  "staff.disable": () => "Disabled the staff account",
  "staff.enable": () => "Enabled the staff account",
  "settings.update": ({ before, after }) => {
    const was = effectiveSettings(before);
    const changes = changedFields(was, after, SETTINGS_FIELDS);
    if (!changes) return "Saved the settings without changes";
    const period = field(after, "investmentPeriodSeconds");
    const periodNote =
      period !== undefined && period !== field(was, "investmentPeriodSeconds")
        ? ". The accrual period applies to every package's terms and to investments bought from then on; running investments keep theirs"
        : "";
    return `Changed the settings: ${changes}${periodNote}`;
  },
};

/** An action nobody described: its words, and what changed or what it recorded. */
function fallback(action: string, { before, after }: Change): string {
  const title = humanise(action) || "Unknown action";
  const details =
    isRecord(before) && isRecord(after) ? changedFields(before, after) : listedFields(isRecord(after) ? after : before);
  return details ? `${title}: ${details}` : title;
}

/** The sentence of one audit entry; the raw action stays for whoever searches for it. */
export function auditSentence(entry: { action: string; before: unknown; after: unknown }): string {
  const sentence = Object.hasOwn(SENTENCES, entry.action) ? SENTENCES[entry.action] : undefined;
  // Rows from before amounts were microcents are read with today's keys.
  const change = { before: withMicrocentKeys(entry.before), after: withMicrocentKeys(entry.after) };
  try {
    if (sentence) return sentence(change);
  } catch {
    // A stored shape this code did not expect: the general words below still say what happened.
  }
  try {
    return fallback(entry.action, change);
  } catch {
    return humanise(entry.action) || "Unknown action";
  }
}

/** The actions this file has words for (the tests check each). */
export const DESCRIBED_ACTIONS = Object.keys(SENTENCES);
