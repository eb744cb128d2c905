import { DURATION_LABELS, fromCents, groupDigits, jsonText, microcentsToDecimal, RATE_CURRENCIES } from "@helio/shared";
import { bpsToPercent } from "../../lib/percent.ts";

/**
 * Words for what the audit log stores: amounts, rates and the fields of the settings and packages
 * records, so a change reads "Minimum deposit from 10.00 USD to 20.00 USD" rather than
 * `depositMinMicrocents: "1000000000" → "2000000000"`. Every reader takes `unknown`: the log keeps
 * whatever an older server wrote, and a value of an unexpected shape is shown as it is, never a crash.
 *
 * Amounts: the server writes them as strings of digits in microcents, under `…Microcents` keys (and
 * as `minAmount`, `maxAmount` of a package). Rows written before amounts were microcents (migration
 * 0022) hold numbers of whole cents, under `…Cents` keys: `withMicrocentKeys` reads those as today's
 * rows, and `microcentsOf` reads a number as cents.
 */

export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The record's field, or undefined when the value is no record. */
export const field = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined);

export const numberOf = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

export const textOf = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

const MAX_SHOWN = 80;

/** A text as quoted in a sentence, cut at 80 characters. */
export function quoted(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return `“${one.length > MAX_SHOWN ? `${one.slice(0, MAX_SHOWN - 1)}…` : one}”`;
}

const INTEGER_TEXT = /^-?\d{1,20}$/;

/**
 * An amount as the log holds it, in microcents: a string of digits (or the bigint a schema read it
 * as) is microcents; a number is whole cents, as rows written before microcents hold them. Null
 * for anything else.
 */
export function microcentsOf(value: unknown): bigint | null {
  if (typeof value === "bigint") return value;
  if (typeof value === "string" && INTEGER_TEXT.test(value)) return BigInt(value);
  if (typeof value === "number" && Number.isSafeInteger(value)) return fromCents(value);
  return null;
}

/** `1,234.50 USD`, `6.15384615 USD`: every digit, as a fee or profit may hold fractions of a cent. */
function exactUsd(microcents: bigint): string {
  const [units = "0", fraction = ""] = microcentsToDecimal(microcents < 0n ? -microcents : microcents).split(".");
  return `${microcents < 0n ? "-" : ""}${groupDigits(units)}.${fraction} USD`;
}

/** `10.00 USD`; what is not an amount as it is. */
export function money(value: unknown): string {
  const microcents = microcentsOf(value);
  return microcents === null ? plain(value) : exactUsd(microcents);
}

/** `+10.00 USD`, `-2.50 USD`. */
export function signedMoney(value: unknown): string {
  const microcents = microcentsOf(value);
  if (microcents === null) return plain(value);
  return microcents < 0n ? exactUsd(microcents) : `+${exactUsd(microcents)}`;
}

/** A whole count as stored: a number, or a string of digits (a bigint column); null for anything else. */
export function countOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (typeof value === "bigint") return String(value);
  return typeof value === "string" && INTEGER_TEXT.test(value) ? value : null;
}

/** Basis points as a percentage: 150 → `1.5%`. */
export function percent(bps: unknown): string {
  const n = numberOf(bps);
  if (n === null || !Number.isInteger(n)) return plain(bps);
  return `${bpsToPercent(n).replace(/(\.\d)0$/, "$1")}%`;
}

const OLD_AMOUNT_KEY = /(?<!Micro)Cents$/;

/** Whole cents (a number, or a list or record of them) as microcents in digits; anything else as it is. */
function centsAsMicrocents(value: unknown): unknown {
  if (typeof value === "number") return Number.isSafeInteger(value) ? String(fromCents(value)) : value;
  if (Array.isArray(value)) return value.map(centsAsMicrocents);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, centsAsMicrocents(v)]));
  return value;
}

/**
 * A row written before amounts were microcents as today's server writes it: `amountCents: 1000`
 * becomes `amountMicrocents: "1000000000"` (in nested records too), as migration 0022 did to the
 * stored settings. Today's rows come back as they are.
 */
export function withMicrocentKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withMicrocentKeys);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      OLD_AMOUNT_KEY.test(key)
        ? [key.replace(OLD_AMOUNT_KEY, "Microcents"), centsAsMicrocents(inner)]
        : [key, withMicrocentKeys(inner)],
    ),
  );
}

/** `proof_submitted` → `proof submitted`. */
export const words = (key: string) => key.replace(/[._-]+/g, " ").trim();

/** `member.sign_in_backoff` → `Member sign in backoff`; `withdrawalFeeBps` → `Withdrawal fee bps`. */
export function humanise(key: string): string {
  const spaced = words(key.replace(/([a-z\d])([A-Z])/g, "$1 $2")).toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Any value in a sentence: texts quoted, lists joined, records as `key value` pairs. */
export function plain(value: unknown): string {
  if (value === null || value === undefined || value === "") return "nothing";
  if (typeof value === "string") return quoted(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.length ? value.map(plain).join(", ") : "none";
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return entries.length ? entries.map(([k, v]) => `${k} ${plain(v)}`).join(", ") : "none";
  }
  return String(value);
}

type Shown = (value: unknown) => string;
export type FieldWords = Record<string, { label: string; show?: Shown }>;

const unit =
  (suffix: string): Shown =>
  (v) =>
    numberOf(v) === null ? plain(v) : `${v} ${suffix}`;
const onOff: Shown = (v) => (typeof v === "boolean" ? (v ? "on" : "off") : plain(v));
const durations: Shown = (v) =>
  Array.isArray(v) ? v.map((d) => DURATION_LABELS[d as number] ?? plain(d)).join(", ") || "none" : plain(v);
const moneyList: Shown = (v) => (Array.isArray(v) ? v.map(money).join(", ") || "none" : plain(v));
const levels: Shown = (v) => (Array.isArray(v) ? v.map(percent).join(" / ") : plain(v));
const payouts: Shown = (v) =>
  isRecord(v)
    ? Object.entries(v)
        .map(([pair, p]) => `${pair} ${p}%`)
        .join(", ") || "none"
    : plain(v);

const caps: Shown = (v) =>
  isRecord(v)
    ? Object.entries(v)
        .map(([pair, cap]) => `${pair} ${money(cap)}`)
        .join(", ") || "none"
    : plain(v);

/** `IDR Bank Negara 0123-456-789`: the accounts per currency (the others use the default one). */
const accounts: Shown = (v) =>
  isRecord(v)
    ? Object.entries(v)
        .map(([currency, i]) => `${currency} ${plain(field(i, "bankName"))} ${plain(field(i, "accountNumber"))}`)
        .join(", ") || "none"
    : plain(v);

/** The settings record's fields, named as the settings pages name them. */
export const SETTINGS_FIELDS: FieldWords = {
  menuContact: { label: "Support chat button", show: onOff },
  ...Object.fromEntries(RATE_CURRENCIES.map((c) => [`rate${c}`, { label: `1 USD in ${c}` }])),
  depositMinMicrocents: { label: "Minimum deposit", show: money },
  withdrawalMinMicrocents: { label: "Minimum withdrawal", show: money },
  withdrawalMaxMicrocents: { label: "Maximum withdrawal", show: money },
  withdrawalFeeBps: { label: "Withdrawal fee", show: percent },
  withdrawalFeeFlatMicrocents: { label: "Withdrawal flat fee", show: money },
  withdrawalHoldHoursAfterBankChange: { label: "Wait after a bank change", show: unit("h") },
  supportEmail: { label: "Support e-mail" },
  withdrawalSecondApprovalMicrocents: { label: "Second approval for withdrawals above", show: money },
  adjustmentSecondApprovalMicrocents: { label: "Second approval for adjustments above", show: money },
  invoiceExpiryMinutes: { label: "Invoice expiry", show: unit("min") },
  tradePayoutPercentDefault: { label: "Default payout", show: unit("%") },
  tradePayoutPercent: { label: "Payout per pair", show: payouts },
  tradeExposureCapMicrocents: { label: "Exposure cap per pair", show: caps },
  tradeMinMicrocents: { label: "Minimum stake", show: money },
  tradeMaxMicrocents: { label: "Maximum stake", show: money },
  tradeDurations: { label: "Trade durations", show: durations },
  tradeOpenLimit: { label: "Open contracts per member" },
  tradeAmountPresetsMicrocents: { label: "Stake presets", show: moneyList },
  marketStaleSeconds: { label: "Price stale after", show: unit("s") },
  tickRetentionHours: { label: "Keep ticks", show: unit("h") },
  referralCommissionBps: { label: "Referral commissions", show: levels },
  fundTransferMinMicrocents: { label: "Fund transfer minimum", show: money },
  investmentPeriodSeconds: { label: "Accrual period", show: unit("s") },
  "transferInstructions.bankName": { label: "Transfer bank name" },
  "transferInstructions.accountName": { label: "Transfer account name" },
  "transferInstructions.accountNumber": { label: "Transfer account number" },
  "transferInstructions.notes": { label: "Transfer notes" },
  transferInstructionsByCurrency: { label: "Accounts per currency", show: accounts },
};

/** An investment package's fields (its row as stored); ids and timestamps say nothing here. */
export const PACKAGE_FIELDS: FieldWords = {
  name: { label: "Name" },
  slug: { label: "Slug" },
  description: { label: "Description" },
  minAmount: { label: "Minimum", show: money },
  maxAmount: { label: "Maximum", show: money },
  dailyRateBps: { label: "Rate per period", show: percent },
  durationPeriods: { label: "Duration", show: unit("periods") },
  capitalReturn: { label: "Capital returned" },
  sortOrder: { label: "Order" },
  active: { label: "Active" },
};
const IGNORED = new Set(["id", "createdAt", "updatedAt", "revision"]);

/** A field nobody named: its words from its key; `…Microcents` as money, `…Bps` as a percentage. */
function guessed(key: string): { label: string; show: Shown } {
  if (/Microcents$/.test(key)) return { label: humanise(key.replace(/Microcents$/, "")), show: money };
  if (/Bps$/.test(key)) return { label: humanise(key.replace(/Bps$/, "")), show: percent };
  return { label: humanise(key), show: plain };
}

/** A record's fields, a nested record spread as `outer.inner` when `fields` names such keys. */
function flatten(value: unknown, fields: FieldWords): Json {
  if (!isRecord(value)) return {};
  const flat: Json = {};
  const named = Object.keys(fields);
  for (const [key, inner] of Object.entries(value)) {
    if (isRecord(inner) && named.some((k) => k.startsWith(`${key}.`))) {
      for (const [sub, v] of Object.entries(inner)) flat[`${key}.${sub}`] = v;
    } else flat[key] = inner;
  }
  return flat;
}

/** `Minimum deposit from 10.00 USD to 20.00 USD; …` for every field that differs, or null. */
export function changedFields(before: unknown, after: unknown, fields: FieldWords = {}): string | null {
  const b = flatten(before, fields);
  const a = flatten(after, fields);
  // jsonText: an amount read by a schema (bigint) equals the same amount as stored (its digits).
  const same = (x: unknown, y: unknown) => jsonText(x ?? null) === jsonText(y ?? null);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !IGNORED.has(k));
  const parts = keys
    .filter((key) => !same(b[key], a[key]))
    .map((key) => {
      const { label, show = plain } = fields[key] ?? guessed(key);
      if (!(key in b)) return `${label} set to ${show(a[key])}`;
      return `${label} from ${show(b[key])} to ${show(a[key])}`;
    });
  return parts.length ? parts.join("; ") : null;
}

/** `Status approved; Reason “spam”`: a record's fields, for an action nobody described. */
export function listedFields(value: unknown, fields: FieldWords = {}): string | null {
  const entries = Object.entries(flatten(value, fields)).filter(
    ([k, v]) => !IGNORED.has(k) && v !== null && v !== undefined,
  );
  if (!entries.length) return null;
  return entries
    .map(([key, v]) => {
      const { label, show = plain } = fields[key] ?? guessed(key);
      return `${label} ${show(v)}`;
    })
    .join("; ");
}
