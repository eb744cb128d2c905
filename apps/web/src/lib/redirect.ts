import { paths } from "./paths.ts";

/**
 * Accepts only same-site paths for the `?redirect=` parameter: they start with one "/",
 * not "//" or "/\" (protocol-relative), and contain no control characters.
 */
export function safeRedirect(value: string | null | undefined, fallback: string = paths.dashboard): string {
  if (!value) return fallback;
  if (!value.startsWith("/")) return fallback;
  if (value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://helio.invalid");
    if (url.origin !== "http://helio.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** `/login?redirect=<path>` for a guarded location. */
export function loginPathFor(path: string): string {
  const target = safeRedirect(path);
  return target === paths.dashboard ? paths.login : `${paths.login}?redirect=${encodeURIComponent(target)}`;
}
