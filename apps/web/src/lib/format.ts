/**
 * Dates and times in the member's language, through the platform's Intl. Each formatter is created
 * once per locale, at its first use rather than as modules load. ICU's data, which the first Intl
 * object of a page loads (35–120 ms of main thread on our 2-core machines), is loaded by index.html's
 * script while the entry downloads (docs/decisions/0022-icu-while-the-entry-downloads.md).
 * English writes as `en-GB` does ("3 Mar 2026, 14:05"), the seed's form. A component that formats
 * reads the language with useLingui(), so that it draws again when the member switches.
 */

import { groupDigits } from "@helio/shared/currency";
import { t } from "@lingui/core/macro";
import { dateFormat, dateTimeFormat, relativeFormat, secondsFormat } from "./date-formats.ts";
import { activeLocale, type Locale } from "./i18n.ts";

type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `3 Mar 2026` (`2026年3月3日` in ja, `3 Mac 2026` in ms…) */
export function formatDate(value: DateInput | null | undefined, locale: Locale = activeLocale()): string {
  const date = value == null ? null : toDate(value);
  return date ? dateFormat(locale).format(date) : "—";
}

/** `3 Mar 2026, 14:05`, or with `seconds`, `3 Mar 2026, 14:05:09` */
export function formatDateTime(
  value: DateInput | null | undefined,
  { seconds = false, locale = activeLocale() }: { seconds?: boolean; locale?: Locale } = {},
): string {
  const date = value == null ? null : toDate(value);
  if (!date) return "—";
  return (seconds ? secondsFormat : dateTimeFormat)(locale).format(date);
}

type Unit = "year" | "month" | "week" | "day" | "hour" | "minute";

/** The units a relative time is written in, largest first, with their length in seconds. */
export const RELATIVE_UNITS: readonly [Unit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** `just now`, `5 minutes ago`, `yesterday`, `in 2 hours`… in the member's language. */
export function formatRelative(
  value: DateInput | null | undefined,
  now: DateInput = Date.now(),
  locale: Locale = activeLocale(),
): string {
  const date = value == null ? null : toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return "—";
  const seconds = Math.round((date.getTime() - reference.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return t`just now`;
  const [unit, size] = RELATIVE_UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? ["minute", 60];
  return relativeFormat(locale).format(Math.round(seconds / size) || Math.sign(seconds), unit);
}

/** Initials for an avatar: `Jane Doe` → `JD`. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

/** "95,000.12" from "95000.12": grouped as text, never parsed as a float; "—" when there is no price. */
export function formatPrice(price: string | null | undefined): string {
  if (!price) return "—";
  const [whole = "0", fraction = ""] = price.split(".");
  return `${groupDigits(whole)}${fraction ? `.${fraction}` : ""}`;
}

/** The digits after the point in a price string: "96400.125" → 3 (2 when there is no price). */
export function priceDecimals(price: string | null | undefined): number {
  return price?.split(".")[1]?.length ?? 2;
}

/** A chart's number (axis label, crosshair) in the same grouped form as every other price. */
export function formatChartPrice(value: number, decimals: number): string {
  return formatPrice(value.toFixed(decimals));
}
