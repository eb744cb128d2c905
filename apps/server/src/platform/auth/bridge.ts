import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../http/errors.ts";
import { type Auth, CLIENT_IP_HEADER } from "./auth.ts";
import { readSession, toWebHeaders } from "./session.ts";

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

export async function authBridge(app: FastifyInstance, opts: { auth: Auth; rateLimit: number }) {
  const { auth } = opts;
  // better-auth reads the raw body itself; Fastify's JSON parser would reject empty-body POSTs.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: {
      hide: false,
      tags: ["auth"],
      summary: "Accounts (better-auth)",
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
      const headers = toWebHeaders(request.headers);
      headers.delete("x-forwarded-for");
      headers.set(CLIENT_IP_HEADER, request.ip);
      if (!STATUS_EXEMPT.has(path) && headers.has("cookie")) {
        const current = await readSession(auth, request.headers);
        const u = current?.user;
        if (u && (u.userBlock || u.userStatus === "banned")) {
          throw new AppError(
            403,
            u.userStatus === "banned" ? "ACCOUNT_BANNED" : "ACCOUNT_BLOCKED",
            "Account disabled.",
          );
        }
      }
      const body = request.body as Buffer | undefined;
      const response = await auth.handler(
        new Request(new URL(request.url, auth.options.baseURL as string), {
          method: request.method,
          headers,
          body: request.method === "GET" || !body?.length ? undefined : new Uint8Array(body),
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== "set-cookie") reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header("set-cookie", cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
