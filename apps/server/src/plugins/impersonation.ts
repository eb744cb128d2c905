import type { onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { recordAudit } from "../platform/audit/audit.ts";
import type { Auth } from "../platform/auth/auth.ts";
import { impersonatorOf, isRefusedWhileImpersonating, readSession } from "../platform/auth/session.ts";
import { impersonationReadOnly } from "../platform/http/errors.ts";

/**
 * An admin signed in as a member (better-auth's impersonation) may look at everything and change
 * nothing of money, payout details or security:
 * - every write under /api/ is refused (403 IMPERSONATION_READ_ONLY) before its body is read, unless
 *   the route says `config.allowedWhileImpersonating` (marking things read, leaving the session):
 *   a new route is covered without saying anything. `requireMember` checks the same again, and the
 *   auth bridge refuses better-auth's own writes (password, two-factor, other sessions);
 * - every request of such a session is written to the audit log under the admin's id: method,
 *   route and the answer's status, refusals included. It is written before the answer leaves, so
 *   the log is complete once the admin sees an answer; a failed write is logged, never answered.
 */
export const impersonation = fp<{ auth: Auth; db: Db }>(
  async (app, { auth, db }) => {
    const refuseWrites: onRequestHookHandler = async (request) => {
      if (!request.headers.cookie) return;
      if (!isRefusedWhileImpersonating(request.method, request.routeOptions.config)) return;
      // A guard that ran first (a route's own onRequest) has read it already.
      const current = request.current ?? (await readSession(auth, request.headers));
      if (!current) return;
      request.current = current;
      if (impersonatorOf(current)) throw impersonationReadOnly();
    };
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith("/api/") || route.url.startsWith("/api/auth/")) return;
      const methods = [route.method].flat();
      if (!methods.some((m) => isRefusedWhileImpersonating(m, route.config ?? {}))) return;
      route.onRequest = [...[route.onRequest ?? []].flat(), refuseWrites];
    });

    app.addHook("onSend", async (request, reply, payload) => {
      const adminId = impersonatorOf(request.current);
      if (!adminId || !request.current) return payload;
      await recordAudit(db, {
        actorId: adminId,
        action: "impersonation.request",
        targetUserId: request.current.user.id,
        after: {
          method: request.method,
          route: request.routeOptions.url ?? request.url.split("?")[0],
          status: reply.statusCode,
        },
        ip: request.ip,
      }).catch((err: unknown) => request.log.error({ err }, "impersonation request not audited"));
      return payload;
    });
  },
  { name: "impersonation" },
);
