import { maskAccountNumber } from "@helio/shared";

/** As the server stores it: spaces and hyphens removed, upper case. */
export function normaliseAccountNumber(text: string): string {
  return text.trim().replace(/[\s-]/g, "").toUpperCase();
}

/** How a typed account number will be shown once saved (`****5678`), or null while too short. */
export function maskedPreview(text: string): string | null {
  const normalised = normaliseAccountNumber(text);
  return /^[A-Z0-9]{4,34}$/.test(normalised) ? maskAccountNumber(normalised) : null;
}
