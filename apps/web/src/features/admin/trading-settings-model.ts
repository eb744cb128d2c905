import {
  microcentsToDecimal,
  PAIR_SYMBOLS,
  type PairSymbol,
  parseDecimalToMicrocents,
  type Settings,
  TRADE_DURATIONS,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import { amountSchema } from "../../lib/amount.ts";

/**
 * The trading settings editor works on text (what the admin types): stakes in USD (`1.00`),
 * converted exactly (no floating point) to microcents; percentages and counts as whole numbers.
 * Field names are the settings keys, so the server's field errors land on the right input.
 */
const usd = (what: string) =>
  amountSchema({ messages: { invalid: `${what}: an amount like 1.00`, zero: "At least 0.01 USD" } });

const isWhole = (v: string, min: number, max: number) => /^\d{1,7}$/.test(v) && Number(v) >= min && Number(v) <= max;
const whole = (min: number, max: number, message: string) =>
  z.string().check(
    z.trim(),
    z.refine((v) => isWhole(v, min, max), message),
  );

/** "5, 10, 25" → microcents, or null when a part is not an amount (empty: no presets). */
export function presetsToMicrocents(text: string): bigint[] | null {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const amounts = parts.map((p) => parseDecimalToMicrocents(p));
  return amounts.every((a): a is bigint => a !== null && a > 0n) ? amounts : null;
}

const presets = z.string().check(
  z.trim(),
  z.refine((v) => {
    const amounts = presetsToMicrocents(v);
    return amounts !== null && amounts.length <= 6 && amounts.every((a, i) => i === 0 || a > (amounts[i - 1] ?? 0n));
  }, "Up to 6 amounts like 5, 10, 25, ascending"),
);

const PERCENT_MESSAGE = "A whole percent from 1 to 100";
/** A pair's payout: empty means "use the default". */
const pairPercent = z.string().check(
  z.trim(),
  z.refine((v) => v === "" || isWhole(v, 1, 100), `Empty (use the default) or ${PERCENT_MESSAGE.toLowerCase()}`),
);

/** A pair's exposure cap: empty means "no cap". */
const pairCap = z.string().check(
  z.trim(),
  z.refine((v) => v === "" || parseDecimalToMicrocents(v) !== null, "Empty (no cap) or an amount like 5000.00"),
);
const pairCaps = z.object(
  Object.fromEntries(PAIR_SYMBOLS.map((s) => [s, pairCap])) as Record<PairSymbol, typeof pairCap>,
);

const pairPercents = z.object(
  Object.fromEntries(PAIR_SYMBOLS.map((s) => [s, pairPercent])) as Record<PairSymbol, typeof pairPercent>,
);

export type TradeDuration = (typeof TRADE_DURATIONS)[number];
const isDuration = (d: number): d is TradeDuration => (TRADE_DURATIONS as readonly number[]).includes(d);

export const tradingSettingsFormSchema = z
  .object({
    tradePayoutPercentDefault: whole(1, 100, PERCENT_MESSAGE),
    tradePayoutPercent: pairPercents,
    tradeExposureCapMicrocents: pairCaps,
    tradeMinMicrocents: usd("Minimum stake"),
    tradeMaxMicrocents: usd("Maximum stake"),
    tradeDurations: z
      .array(z.number().check(z.refine(isDuration, "Not an offered duration")))
      .check(z.minLength(1, "Enable at least one duration")),
    tradeOpenLimit: whole(1, 1000, "Whole contracts, 1 to 1000"),
    tradeAmountPresetsMicrocents: presets,
    marketStaleSeconds: whole(2, 3600, "Whole seconds, 2 to 3600"),
    tickRetentionHours: whole(1, 24 * 90, "Whole hours, 1 to 2160 (90 days)"),
  })
  .check(
    z.superRefine((form, ctx) => {
      const min = parseDecimalToMicrocents(form.tradeMinMicrocents);
      const max = parseDecimalToMicrocents(form.tradeMaxMicrocents);
      if (min !== null && max !== null && max < min) {
        ctx.addIssue({ code: "custom", path: ["tradeMaxMicrocents"], message: "Must be at least the minimum stake" });
      }
    }),
  );
export type TradingSettingsForm = z.input<typeof tradingSettingsFormSchema>;

/** The inputs of the form (besides one per pair) a server field error may name. */
const TOP_FIELDS = [
  "tradePayoutPercentDefault",
  "tradeMinMicrocents",
  "tradeMaxMicrocents",
  "tradeDurations",
  "tradeOpenLimit",
  "tradeAmountPresetsMicrocents",
  "marketStaleSeconds",
  "tickRetentionHours",
] as const;
export type TradingFormField =
  | (typeof TOP_FIELDS)[number]
  | `tradePayoutPercent.${PairSymbol}`
  | `tradeExposureCapMicrocents.${PairSymbol}`;

/**
 * The input a server field error belongs to (`tradePayoutPercent.BTC`, `tradeDurations.2` →
 * `tradeDurations`), or null when this editor has no input for it (shown above the form).
 */
export function formFieldOf(serverField: string): TradingFormField | null {
  const [head, sub] = serverField.split(".");
  if (head === "tradePayoutPercent" && sub && (PAIR_SYMBOLS as readonly string[]).includes(sub)) {
    return `tradePayoutPercent.${sub as PairSymbol}`;
  }
  if (head === "tradeExposureCapMicrocents" && sub && (PAIR_SYMBOLS as readonly string[]).includes(sub)) {
    return `tradeExposureCapMicrocents.${sub as PairSymbol}`;
  }
  return (TOP_FIELDS as readonly string[]).includes(head ?? "") ? (head as TradingFormField) : null;
}

/** Stored settings → the editor's text. */
export function settingsToForm(s: Settings): TradingSettingsForm {
  const perPair = Object.fromEntries(
    PAIR_SYMBOLS.map((symbol) => {
      const value = s.tradePayoutPercent[symbol];
      return [symbol, value === undefined ? "" : String(value)];
    }),
  ) as Record<PairSymbol, string>;
  const caps = Object.fromEntries(
    PAIR_SYMBOLS.map((symbol) => {
      const value = s.tradeExposureCapMicrocents[symbol];
      return [symbol, value === undefined ? "" : microcentsToDecimal(value)];
    }),
  ) as Record<PairSymbol, string>;
  return {
    tradePayoutPercentDefault: String(s.tradePayoutPercentDefault),
    tradePayoutPercent: perPair,
    tradeExposureCapMicrocents: caps,
    tradeMinMicrocents: microcentsToDecimal(s.tradeMinMicrocents),
    tradeMaxMicrocents: microcentsToDecimal(s.tradeMaxMicrocents),
    tradeDurations: TRADE_DURATIONS.filter((d) => s.tradeDurations.includes(d)),
    tradeOpenLimit: String(s.tradeOpenLimit),
    tradeAmountPresetsMicrocents: s.tradeAmountPresetsMicrocents.map(microcentsToDecimal).join(", "),
    marketStaleSeconds: String(s.marketStaleSeconds),
    tickRetentionHours: String(s.tickRetentionHours),
  };
}

/** The form is validated before it is converted: the fallback never applies. */
const microcents = (text: string) => parseDecimalToMicrocents(text) ?? 0n;

/**
 * The editor's (validated) text → the settings to save. `base` is the stored record: every key this
 * editor does not show (rates, deposits, withdrawals, …) is sent back unchanged, as the server
 * replaces the whole record. Per-pair payouts left empty are removed (the pair uses the default).
 */
export function formToSettings(form: TradingSettingsForm, base: Settings): Settings {
  const perPair: Record<string, number> = {};
  // Keys that are not one of the 12 pairs are not the editor's business: keep them.
  for (const [key, value] of Object.entries(base.tradePayoutPercent)) {
    if (!(PAIR_SYMBOLS as readonly string[]).includes(key)) perPair[key] = value;
  }
  for (const symbol of PAIR_SYMBOLS) {
    const text = form.tradePayoutPercent[symbol].trim();
    if (text !== "") perPair[symbol] = Number(text);
  }
  const caps: Record<string, bigint> = {};
  for (const [key, value] of Object.entries(base.tradeExposureCapMicrocents)) {
    if (!(PAIR_SYMBOLS as readonly string[]).includes(key)) caps[key] = value;
  }
  for (const symbol of PAIR_SYMBOLS) {
    const text = form.tradeExposureCapMicrocents[symbol].trim();
    if (text !== "") caps[symbol] = microcents(text);
  }
  return {
    ...base,
    tradePayoutPercentDefault: Number(form.tradePayoutPercentDefault.trim()),
    tradePayoutPercent: perPair,
    tradeExposureCapMicrocents: caps,
    tradeMinMicrocents: microcents(form.tradeMinMicrocents),
    tradeMaxMicrocents: microcents(form.tradeMaxMicrocents),
    tradeDurations: TRADE_DURATIONS.filter((d) => form.tradeDurations.includes(d)),
    tradeOpenLimit: Number(form.tradeOpenLimit.trim()),
    tradeAmountPresetsMicrocents: presetsToMicrocents(form.tradeAmountPresetsMicrocents) ?? [],
    marketStaleSeconds: Number(form.marketStaleSeconds.trim()),
    tickRetentionHours: Number(form.tickRetentionHours.trim()),
  };
}
