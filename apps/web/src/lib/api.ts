import type { Currency, ErrorResponse, RateQuote } from "@helio/shared";
import { jsonText } from "@helio/shared/values";
import { wordError } from "./error-words.ts";
import { afterFirstPaint } from "./first-paint.ts";
import { resolveSchema, type SchemaSource } from "./schemas.ts";

export interface FieldError {
  field: string;
  message: string;
}

/** An error answered by the API (or a network failure, status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldError[];
  /** With RATE_CHANGED: the rate now in force (the form shows it before the member sends again). */
  readonly quote: RateQuote | null;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: FieldError[] = [],
    quote: RateQuote | null = null,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.quote = quote;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type BlockReason = "blocked" | "banned";

type BlockedListener = (reason: BlockReason) => void;
const blockedListeners = new Set<BlockedListener>();

/** Called by the app root: what to do when the server says the account is blocked or banned. */
export function onAccountBlocked(listener: BlockedListener): () => void {
  blockedListeners.add(listener);
  return () => {
    blockedListeners.delete(listener);
  };
}

export function notifyAccountBlocked(reason: BlockReason): void {
  for (const listener of blockedListeners) listener(reason);
}

const signedOutListeners = new Set<() => void>();

/**
 * While signed in: what to do when an answer says "not signed in" (a 401, or the live socket closed
 * with 4401). The session may have ended elsewhere (signed out in another tab, revoked on
 * /security, a password changed); the listener reads the member again and, when that is refused
 * too, the guard sends the member to sign in (app/RequireAuth.tsx).
 */
export function onSignedOutSignal(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

export function notifySignedOutSignal(): void {
  for (const listener of signedOutListeners) listener();
}

/** Maps an error code (ours or better-auth's) to a block reason, if it is one. */
export function blockReasonFromCode(code: string | undefined | null): BlockReason | null {
  if (code === "ACCOUNT_BLOCKED") return "blocked";
  if (code === "ACCOUNT_BANNED" || code === "BANNED_USER") return "banned";
  return null;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  0: "Cannot reach the server. Check your connection and try again.",
  401: "Please sign in again.",
  403: "You are not allowed to do that.",
  404: "Not found.",
  413: "The file is too large.",
  429: "Too many attempts. Please wait a moment and try again.",
};

/** The `quote` of a RATE_CHANGED body, when it has the shape of one (the form checks the rest). */
function readQuote(value: unknown): RateQuote | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { currency, rate } = value as Record<string, unknown>;
  return typeof currency === "string" && typeof rate === "string"
    ? { currency: currency as Currency, rate }
    : undefined;
}

/**
 * The `{ error: { code, message, fields?, quote? } }` body (packages/shared `errorResponseSchema`), checked
 * by hand: this module is on every page's first load and zod would add ~26 kB gzip to the sign-in page.
 */
function readErrorBody(body: unknown): ErrorResponse["error"] | null {
  if (typeof body !== "object" || body === null) return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return null;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== "string" || typeof message !== "string") return null;
  const quote = readQuote((error as Record<string, unknown>).quote);
  if (fields === undefined) return { code, message, quote };
  const isFieldError = (item: unknown): item is FieldError =>
    typeof item === "object" &&
    item !== null &&
    typeof (item as FieldError).field === "string" &&
    typeof (item as FieldError).message === "string";
  if (!Array.isArray(fields) || !fields.every(isFieldError)) return null;
  return { code, message, fields, quote };
}

/** Builds an ApiError from a status and a (possibly empty or non-JSON) response body text. */
export function errorFromBody(status: number, text: string): ApiError {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const parsed = readErrorBody(body);
  if (parsed) return new ApiError(status, parsed.code, parsed.message, parsed.fields ?? [], parsed.quote ?? null);
  const message =
    FALLBACK_MESSAGES[status] ??
    (status >= 500 ? "Something went wrong on our side. Please try again." : "Request failed.");
  return new ApiError(status, status === 0 ? "NETWORK" : `HTTP_${status}`, message);
}

/** Reacts to an error that means the account is blocked or banned. */
export function handleBlocked(error: ApiError): void {
  if (error.status !== 403) return;
  const reason = blockReasonFromCode(error.code);
  if (reason) notifyAccountBlocked(reason);
}

export interface ApiFetchOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Checks the answer; a lazy schema loads while the request is on its way (lib/schemas.ts). */
  schema?: SchemaSource<T>;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** The same GET, already sent (`lib/early-fetch.ts`): its answer is read instead of sending it again. */
  started?: Promise<Response> | undefined;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** False for the read of the member itself: its 401 is the answer the signal would ask for. */
  signalSignedOut?: boolean;
}

export function withQuery(path: string, query?: ApiFetchOptions<unknown>["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** JSON fetch against our API. Throws ApiError on any non-2xx answer. */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const { method = "GET", body, schema, query, signal } = options;
  // A lazy schema loads while the request is on its way, not after the answer.
  const checker = schema ? resolveSchema(schema) : undefined;
  checker?.catch(() => undefined);
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const init: RequestInit = { method, headers, credentials: "same-origin", signal };
  if (body !== undefined) {
    if (body instanceof FormData) {
      init.body = body;
    } else {
      headers["Content-Type"] = "application/json";
      init.body = jsonText(body);
    }
  }

  // A read sent while the first screen is drawn waits for its paint (lib/first-paint.ts).
  if (!options.started && method === "GET") await afterFirstPaint();
  let response: Response;
  try {
    response = await (options.started ?? fetch(withQuery(path, query), init));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw errorFromBody(0, "");
  }

  const text = await response.text();
  if (!response.ok) {
    const error = errorFromBody(response.status, text);
    handleBlocked(error);
    if (error.status === 401 && options.signalSignedOut !== false) notifySignedOutSignal();
    throw error;
  }
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (checker) {
    const parsed = (await checker).safeParse(data);
    if (!parsed.success) {
      throw new ApiError(response.status, "BAD_RESPONSE", "The server sent an unexpected answer.");
    }
    return parsed.data;
  }
  return data as T;
}

/**
 * `POST path` of a money request, under the Idempotency-Key the caller keeps until a definite answer
 * (`useIdempotencyKey`), so that a retry after a lost answer cannot move money twice.
 */
export function idempotentPost<T>(path: string, body: unknown, key: string, schema: SchemaSource<T>): Promise<T> {
  return apiFetch(path, { method: "POST", body, headers: { "Idempotency-Key": key }, schema });
}

/** A message fit for an Alert from any thrown value, in the member's words (lib/error-words.ts). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return wordError(error.code, error.status, error.message);
  if (error instanceof Error && error.message) return error.message;
  return wordError("UNKNOWN", 0, "Something went wrong. Please try again.");
}
