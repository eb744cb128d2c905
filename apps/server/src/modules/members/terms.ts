import type { Member } from "@helio/shared";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../platform/audit/audit.ts";
import { AppError } from "../../platform/http/errors.ts";
import { setTermsAccepted } from "./queries.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route moves Real money, so it waits until the member accepted the terms in force:
     * `always`, or `real` for a route that moves Real money only in Real mode (placing a contract).
     */
    needsTerms?: "always" | "real";
  }
}

type TermsUser = { termsVersion?: number | null };

/** Members registered before the terms had versions accepted the first ones. */
export const acceptedTermsVersion = (u: TermsUser) => u.termsVersion ?? 1;

export function termsStanding(u: TermsUser, currentVersion: number): Member["terms"] {
  const acceptedVersion = acceptedTermsVersion(u);
  return { acceptedVersion, currentVersion, accepted: acceptedVersion >= currentVersion };
}

export const termsNotAccepted = () =>
  new AppError(
    403,
    "TERMS_NOT_ACCEPTED",
    "Our terms have changed: accept the new terms before any Real trade, deposit, withdrawal, package or fund move.",
  );

/**
 * Stores the member's acceptance of `version`, which must be the one in force: a page opened
 * before the operator changed the text again names a text the member did not read. Accepting the
 * version already accepted changes nothing and answers the same.
 */
export async function acceptTerms(
  deps: { db: Db; termsVersion: () => Promise<number>; now: () => Date },
  current: { id: string } & TermsUser,
  version: number,
  ip: string,
): Promise<Member["terms"]> {
  const inForce = await deps.termsVersion();
  if (version !== inForce)
    throw new AppError(409, "TERMS_VERSION_NOT_IN_FORCE", `version: the terms in force are version ${inForce}.`, [
      { field: "version", message: "These are not the terms in force: reload them and read them again" },
    ]);
  if (acceptedTermsVersion(current) === version) return termsStanding(current, inForce);
  const acceptedAt = deps.now();
  await deps.db.transaction(async (tx) => {
    await setTermsAccepted(tx, current.id, version, acceptedAt);
    await recordAudit(tx, {
      actorId: current.id,
      action: "member.terms_accept",
      targetUserId: current.id,
      before: { termsVersion: current.termsVersion ?? null },
      after: { termsVersion: version, acceptedAt: acceptedAt.toISOString() },
      ip,
    });
  });
  return termsStanding({ termsVersion: version }, inForce);
}

/**
 * Refuses the routes marked `config.needsTerms` while the member has not accepted the terms in
 * force, after the route's own guards (the member is known) and before its handler writes anything,
 * the way impersonation refuses writes: a new Real-money route is covered by saying so.
 */
export const termsGuard = fp<{ termsVersion: () => Promise<number> }>(
  async (app: FastifyInstance, { termsVersion }) => {
    const refuse: preHandlerAsyncHookHandler = async (request) => {
      const needs = request.routeOptions.config.needsTerms;
      const current = request.current;
      if (!needs || !current) return;
      if (needs === "real" && !(current.user as { userTrading?: boolean | null }).userTrading) return;
      if (!termsStanding(current.user as TermsUser, await termsVersion()).accepted) throw termsNotAccepted();
    };
    app.addHook("onRoute", (route) => {
      if (!route.config?.needsTerms) return;
      route.preHandler = [...[route.preHandler ?? []].flat(), refuse];
    });
  },
  { name: "terms-guard" },
);
