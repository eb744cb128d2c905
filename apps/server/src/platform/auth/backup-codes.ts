import { randomInt } from "node:crypto";

/**
 * 2FA backup codes are read off paper and typed by hand: their alphabet has no characters that
 * look alike (no 0/O, 1/I/L, no lower case at all), and the code a member types is accepted in any
 * case, with or without the dash and spaces.
 */
export const BACKUP_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const HALF = 5;
export const BACKUP_CODE_COUNT = 10;

function randomChars(n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
  return out;
}

/** Ten codes like `7KQ4M-XH2RC` (about 50 bits each, drawn without bias). */
export function generateBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => `${randomChars(HALF)}-${randomChars(HALF)}`);
}

/** A typed code in the stored form: upper case, separators dropped, the dash in the middle. */
export function normaliseBackupCode(typed: string): string {
  const compact = typed.toUpperCase().replace(/[\s_-]+/g, "");
  if (compact.length !== HALF * 2) return typed;
  return `${compact.slice(0, HALF)}-${compact.slice(HALF)}`;
}
