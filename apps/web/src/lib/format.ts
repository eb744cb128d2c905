/**
 * Date and time formatting helpers, always in English. They write what `Intl.DateTimeFormat("en-GB")`
 * and `Intl.RelativeTimeFormat("en", { numeric: "auto" })` would (format.test.ts compares them) without
 * creating either: the first Intl formatter a page creates loads ICU's data, 44–106 ms of main thread on
 * our 2-core machines, and these were created as the dashboard's modules loaded, before its first paint.
 */
import { groupDigits } from "@helio/shared";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

function twoDigits(value: number): string {
  return String(value).padStart(2, "0");
}

function dayMonthYear(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `3 Mar 2026` */
export function formatDate(value: DateInput | null | undefined): string {
  const date = value == null ? null : toDate(value);
  return date ? dayMonthYear(date) : "—";
}

/** `3 Mar 2026, 14:05`, or with `seconds`, `3 Mar 2026, 14:05:09` */
export function formatDateTime(value: DateInput | null | undefined, { seconds = false } = {}): string {
  const date = value == null ? null : toDate(value);
  if (!date) return "—";
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  return `${dayMonthYear(date)}, ${seconds ? `${time}:${twoDigits(date.getSeconds())}` : time}`;
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

/** The words `numeric: "auto"` uses for one unit back and forward. */
const LAST_AND_NEXT: Partial<Record<Unit, [string, string]>> = {
  year: ["last year", "next year"],
  month: ["last month", "next month"],
  week: ["last week", "next week"],
  day: ["yesterday", "tomorrow"],
};

/** `value` whole units from now, never 0: `in 3 hours`, `2 days ago`, `yesterday`. */
function relative(value: number, unit: Unit): string {
  const words = LAST_AND_NEXT[unit];
  if (words && value === -1) return words[0];
  if (words && value === 1) return words[1];
  const count = Math.abs(value);
  const phrase = `${groupDigits(String(count))} ${unit}${count === 1 ? "" : "s"}`;
  return value < 0 ? `${phrase} ago` : `in ${phrase}`;
}

/** `just now`, `5 minutes ago`, `yesterday`, `in 2 hours`… */
export function formatRelative(value: DateInput | null | undefined, now: DateInput = Date.now()): string {
  const date = value == null ? null : toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return "—";
  const seconds = Math.round((date.getTime() - reference.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relative(Math.round(seconds / size), unit);
  }
  return relative(Math.round(seconds / 60) || (seconds < 0 ? -1 : 1), "minute");
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
