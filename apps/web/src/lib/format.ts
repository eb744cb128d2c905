/** Date and time formatting helpers, always in English. */

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `3 Mar 2026` */
export function formatDate(value: DateInput | null | undefined): string {
  const date = value == null ? null : toDate(value);
  return date ? dateFormat.format(date) : "—";
}

/** `3 Mar 2026, 14:05` */
export function formatDateTime(value: DateInput | null | undefined): string {
  const date = value == null ? null : toDate(value);
  return date ? dateTimeFormat.format(date) : "—";
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** `just now`, `5 minutes ago`, `yesterday`, `in 2 hours`… */
export function formatRelative(value: DateInput | null | undefined, now: DateInput = Date.now()): string {
  const date = value == null ? null : toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return "—";
  const seconds = Math.round((date.getTime() - reference.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(Math.round(seconds / 60) || (seconds < 0 ? -1 : 1), "minute");
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
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction ? `.${fraction}` : ""}`;
}

/** The digits after the point in a price string: "96400.125" → 3 (2 when there is no price). */
export function priceDecimals(price: string | null | undefined): number {
  return price?.split(".")[1]?.length ?? 2;
}

/** A chart's number (axis label, crosshair) in the same grouped form as every other price. */
export function formatChartPrice(value: number, decimals: number): string {
  return formatPrice(value.toFixed(decimals));
}
