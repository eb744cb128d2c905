import { API_PATTERNS, isSafeText, UNSAFE_TEXT_MESSAGE } from "@helio/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { CODE_BY_STATUS } from "../http/error-handler.ts";
import { AppError, fieldError, impersonationReadOnly, ORIGIN_REFUSED_MESSAGE } from "../http/errors.ts";
import { SESSION_SECURITY } from "../http/route-options.ts";
import { type Auth, accountStatusError, CLIENT_IP_HEADER } from "./auth.ts";
import { impersonatorOf, readSession, toWebHeaders } from "./session.ts";
import { accountOfAttempt, assertMayAttempt, clearFailures, recordFailure } from "./sign-in-backoff.ts";

/**
 * The better-auth endpoints Helio uses. Everything else (self sign-up that skips our checks,
 * update-user, the admin plugin's own endpoints) stays closed: those go through our routes.
 */
const OPEN_PATHS = new Set([
  "get-session",
  "sign-in/email",
  "sign-in/username",
  "sign-out",
  "send-verification-email",
  "verify-email",
  "request-password-reset",
  "reset-password",
  "change-password",
  "list-sessions",
  "revoke-session",
  "revoke-other-sessions",
  "two-factor/enable",
  "two-factor/disable",
  "two-factor/verify-totp",
  "two-factor/verify-backup-code",
  "two-factor/generate-backup-codes",
  "two-factor/get-totp-uri",
]);
/** Paths a signed-in but blocked member may still call: reading and ending the session. */
const STATUS_EXEMPT = new Set(["get-session", "sign-out"]);
/** What an admin signed in as a member may call here: reading, and leaving. */
const IMPERSONATION_OPEN = new Set(["get-session", "sign-out", "list-sessions"]);
const RATE_LIMITED =
  /^(sign-in\/|send-verification-email|request-password-reset|reset-password|two-factor\/|change-password)/;

function authPath(request: FastifyRequest): string {
  const url = request.url.split("?")[0] ?? "";
  return url.replace(/^\/api\/auth\//, "");
}

function isOpen(path: string): boolean {
  // reset-password/<token> is the link from the mail.
  return OPEN_PATHS.has(path) || /^reset-password\/[A-Za-z0-9_-]+$/.test(path);
}

/** Passwords are only hashed, never stored or queried: any character may be part of one. */
const PASSWORD_FIELD = /password/i;

/**
 * The first field (dotted path) of a better-auth body or query that holds a control character or
 * a lone surrogate. No zod schema of ours sees those, so the rule of `text()` is applied here.
 */
export function unsafeTextField(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return isSafeText(value) ? undefined : path || "body";
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    if (!isSafeText(key)) return field;
    if (PASSWORD_FIELD.test(key) && typeof inner === "string") continue;
    const found = unsafeTextField(inner, field);
    if (found) return found;
  }
  return undefined;
}

function jsonBody(request: FastifyRequest): unknown {
  const body = request.body as Buffer | undefined;
  if (!body?.length || !String(request.headers["content-type"] ?? "").includes("json")) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined; // better-auth answers invalid JSON itself
  }
}

/**
 * better-auth's refusals in our shape `{ error: { code, message } }` (its own `code` and `message`
 * stay at the top too, for its client), never `null`; its 5xx never show internals.
 */
function errorBody(status: number, raw: string): string {
  let parsed: { code?: unknown; message?: unknown } | null = null;
  try {
    parsed = JSON.parse(raw);
  } catch {}
  if (status >= 500)
    return JSON.stringify({ error: { code: "INTERNAL", message: "Something went wrong. Please try again." } });
  const code = typeof parsed?.code === "string" ? parsed.code : (CODE_BY_STATUS[status] ?? "VALIDATION_FAILED");
  // better-auth's Origin refusals are worded for developers; members get ours.
  const message = /ORIGIN/.test(code)
    ? ORIGIN_REFUSED_MESSAGE
    : typeof parsed?.message === "string" && parsed.message
      ? parsed.message
      : "The request was refused.";
  return JSON.stringify({
    ...(parsed && typeof parsed === "object" ? parsed : {}),
    code,
    message,
    error: { code, message },
  });
}

export async function authBridge(
  app: FastifyInstance,
  opts: { auth: Auth; rateLimit: number; db: Db; now: () => Date },
) {
  const { auth } = opts;
  // better-auth reads the raw body itself; Fastify's JSON parser would reject empty-body POSTs.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

  app.route({
    method: ["GET", "POST"],
    url: API_PATTERNS.auth,
    schema: {
      hide: false,
      tags: ["auth"],
      summary: "Accounts (better-auth)",
      // Sign-in and the other open paths need no session; the rest (sessions, 2FA, …) do.
      security: [{}, { [SESSION_SECURITY]: [] }],
      description: `Sign-in, sessions, verification, password reset and 2FA. Open paths: ${[...OPEN_PATHS].join(", ")}, reset-password/{token}.`,
    },
    config: {
      rateLimit: {
        max: opts.rateLimit,
        timeWindow: "1 minute",
        keyGenerator: (request: FastifyRequest) => `${request.ip}|auth:${authPath(request).split("/")[0]}`,
        allowList: (request: FastifyRequest) => !RATE_LIMITED.test(authPath(request)),
      },
    },
    async handler(request, reply) {
      const path = authPath(request);
      if (!isOpen(path)) throw new AppError(404, "NOT_FOUND", "Not found");
      const unsafe = unsafeTextField(request.query) ?? unsafeTextField(jsonBody(request));
      if (unsafe) throw fieldError(unsafe, UNSAFE_TEXT_MESSAGE);
      const headers = toWebHeaders(request.headers);
      headers.delete("x-forwarded-for");
      headers.set(CLIENT_IP_HEADER, request.ip);
      if (headers.has("cookie") && !(STATUS_EXEMPT.has(path) && request.method === "GET")) {
        const current = await readSession(auth, request.headers);
        if (current) request.current = current;
        if (impersonatorOf(current) && !IMPERSONATION_OPEN.has(path)) throw impersonationReadOnly();
        const u = current?.user;
        const problem = u && !STATUS_EXEMPT.has(path) ? accountStatusError(u) : null;
        if (problem) throw new AppError(403, problem.code, "Account disabled.");
      }
      const body = request.body as Buffer | undefined;
      // Per-account back-off of password sign-in (the rate limit above is per address).
      const attempt = request.method === "POST" ? await accountOfAttempt(opts.db, path, body) : null;
      const counted = attempt ? await assertMayAttempt(opts.db, attempt, request.ip, opts.now()) : false;
      const response = await auth.handler(
        new Request(new URL(request.url, auth.options.baseURL as string), {
          method: request.method,
          headers,
          body: request.method === "GET" || !body?.length ? undefined : new Uint8Array(body),
        }),
      );
      if (attempt && response.status === 401) await recordFailure(opts.db, attempt, request.ip, opts.now());
      else if (attempt && counted && response.status === 200) await clearFailures(opts.db, attempt);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        // Fastify sets the length of what it sends (an error body below is rewritten).
        if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
      });
      // Sessions, 2FA secrets, backup codes: never cached.
      if (!response.headers.has("cache-control")) reply.header("cache-control", "no-store");
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header("set-cookie", cookies);
      if (response.status >= 400) {
        reply.header("content-type", "application/json; charset=utf-8");
        return reply.send(errorBody(response.status, await response.text()));
      }
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
