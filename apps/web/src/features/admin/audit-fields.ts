import { centsToDecimal, DURATION_LABELS, formatMoney, RATE_CURRENCIES } from "@helio/shared";

/**
 * Words for what the audit log stores: amounts, rates and the fields of the settings and packages
 * records, so a change reads "Minimum deposit from 10.00 USD to 20.00 USD" rather than
 * `depositMinCents: 1000 → 2000`. Every reader takes `unknown`: the log keeps whatever an older
 * server wrote, and a value of an unexpected shape is shown as it is, never a crash.
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

/** `10.00 USD`; what is not a number of cents as it is. */
export function money(cents: unknown): string {
  const n = numberOf(cents);
  return n === null ? plain(cents) : formatMoney(n, "USD");
}

/** `+10.00 USD`, `-2.50 USD`. */
export function signedMoney(cents: unknown): string {
  const n = numberOf(cents);
  if (n === null) return plain(cents);
  return `${n < 0 ? "-" : "+"}${formatMoney(Math.abs(n), "USD")}`;
}

/** Basis points as a percentage: 150 → `1.5%`. */
export function percent(bps: unknown): string {
  const n = numberOf(bps);
  if (n === null || !Number.isInteger(n)) return plain(bps);
  return `${centsToDecimal(n)
    .replace(/\.00$/, "")
    .replace(/(\.\d)0$/, "$1")}%`;
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
        .map(([pair, cents]) => `${pair} ${money(cents)}`)
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
  depositMinCents: { label: "Minimum deposit", show: money },
  withdrawalMinCents: { label: "Minimum withdrawal", show: money },
  withdrawalMaxCents: { label: "Maximum withdrawal", show: money },
  withdrawalFeeBps: { label: "Withdrawal fee", show: percent },
  withdrawalFeeFlatCents: { label: "Withdrawal flat fee", show: money },
  withdrawalHoldHoursAfterBankChange: { label: "Wait after a bank change", show: unit("h") },
  supportEmail: { label: "Support e-mail" },
  withdrawalSecondApprovalCents: { label: "Second approval for withdrawals above", show: money },
  adjustmentSecondApprovalCents: { label: "Second approval for adjustments above", show: money },
  invoiceExpiryMinutes: { label: "Invoice expiry", show: unit("min") },
  tradePayoutPercentDefault: { label: "Default payout", show: unit("%") },
  tradePayoutPercent: { label: "Payout per pair", show: payouts },
  tradeExposureCapCents: { label: "Exposure cap per pair", show: caps },
  tradeMinCents: { label: "Minimum stake", show: money },
  tradeMaxCents: { label: "Maximum stake", show: money },
  tradeDurations: { label: "Trade durations", show: durations },
  tradeOpenLimit: { label: "Open contracts per member" },
  tradeAmountPresetsCents: { label: "Stake presets", show: moneyList },
  marketStaleSeconds: { label: "Price stale after", show: unit("s") },
  tickRetentionHours: { label: "Keep ticks", show: unit("h") },
  referralCommissionBps: { label: "Referral commissions", show: levels },
  fundTransferMinCents: { label: "Fund transfer minimum", show: money },
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

/** A field nobody named: its words from its key; `…Cents` as money, `…Bps` as a percentage. */
function guessed(key: string): { label: string; show: Shown } {
  if (/Cents$/.test(key)) return { label: humanise(key.replace(/Cents$/, "")), show: money };
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
  const same = (x: unknown, y: unknown) => JSON.stringify(x ?? null) === JSON.stringify(y ?? null);
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
