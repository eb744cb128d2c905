import type { IncomingHttpHeaders } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, impersonationReadOnly } from "../http/errors.ts";
import { type Auth, accountStatusError } from "./auth.ts";
import { fastSessionRead } from "./fast-session.ts";

export function toWebHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}

type SessionResult = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type SessionUser = SessionResult["user"];
export type CurrentSession = { user: SessionUser; session: SessionResult["session"] };

declare module "fastify" {
  interface FastifyRequest {
    current?: CurrentSession;
  }
  interface FastifyContextConfig {
    /**
     * A member write that an admin signed in as the member may still send (it changes nothing of
     * money, payout details or security). Every other write is refused in such a session.
     */
    allowedWhileImpersonating?: boolean;
  }
}

/** The admin who opened this session as the member (better-auth's impersonation), or null. */
export function impersonatorOf(current: CurrentSession | null | undefined): string | null {
  return (current?.session as { impersonatedBy?: string | null } | undefined)?.impersonatedBy ?? null;
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The signed-in user and session, or null; the common case without better-auth's endpoint. */
export async function readSession(auth: Auth, headers: IncomingHttpHeaders): Promise<CurrentSession | null> {
  const fast = await fastSessionRead(auth, headers);
  if (fast) return fast;
  const result = await auth.api.getSession({ headers: toWebHeaders(headers) });
  return result ? { user: result.user, session: result.session } : null;
}

/** Signed in, verified, neither blocked nor banned. Throws the matching 401/403 otherwise. */
export function assertActive(current: CurrentSession | null): asserts current is CurrentSession {
  if (!current) throw new AppError(401, "UNAUTHENTICATED", "Sign in to continue.");
  if (!current.user.emailVerified) throw new AppError(403, "EMAIL_NOT_VERIFIED", "Verify your email first.");
  const problem = accountStatusError(current.user);
  if (problem) throw new AppError(403, problem.code, problem.message);
}

/** A write an admin's impersonation session may not send (see plugins/impersonation.ts). */
export function isRefusedWhileImpersonating(method: string, config: { allowedWhileImpersonating?: boolean }) {
  return !READS.has(method) && !config.allowedWhileImpersonating;
}

/** preHandler factories: every member route uses one of these. */
export function requireMember(auth: Auth) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A personal answer: no shared or browser cache may keep it (set here, not in a global hook).
    reply.header("cache-control", "no-store");
    // Read already when the impersonation check ran first (a write).
    const current = request.current ?? (await readSession(auth, request.headers));
    assertActive(current);
    request.current = current;
    if (impersonatorOf(current) && isRefusedWhileImpersonating(request.method, request.routeOptions.config))
      throw impersonationReadOnly();
  };
}

/** Admin routes answer 404 to everyone else, so members cannot even learn they exist. */
export function requireAdmin(auth: Auth) {
  const member = requireMember(auth);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await member(request, reply);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) throw new AppError(404, "NOT_FOUND", "Not found");
      throw error;
    }
    if (request.current?.user.role !== "admin") throw new AppError(404, "NOT_FOUND", "Not found");
  };
}

export function currentOf(request: FastifyRequest): CurrentSession {
  if (!request.current) throw new AppError(401, "UNAUTHENTICATED", "Sign in to continue.");
  return request.current;
}

/** Who does an admin action, as services write it to the audit log. */
export type AdminActor = { adminId: string; ip: string };

export function adminActorOf(request: FastifyRequest): AdminActor {
  return { adminId: currentOf(request).user.id, ip: request.ip };
}
