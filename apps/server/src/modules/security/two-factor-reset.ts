import { createHash, randomBytes, randomUUID } from "node:crypto";
import { API, API_PATTERNS, twoFactorResetConfirmSchema, twoFactorResetRequestedSchema } from "@helio/shared";
import { z } from "@helio/shared/zod";
import { and, eq, gt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { recordAudit } from "../../platform/audit/audit.ts";
import { adminActorOf } from "../../platform/auth/session.ts";
import { twoFactor, user, verification } from "../../platform/auth/tables.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { memberUidParams, staffRouteOptions } from "../../platform/http/route-options.ts";
import { i18nFor } from "../../platform/i18n/index.ts";
import { linkMail } from "../../platform/mail/templates.ts";
import type { Services } from "../../services.ts";

/** How long the member has to confirm: a day. */
const RESET_TTL_MS = 24 * 60 * 60 * 1000;
const identifierOf = (token: string) => `two-factor-reset:${createHash("sha256").update(token).digest("hex")}`;

/** The mail that asks the member to confirm the reset, in the account's language. */
function resetMail(to: string, name: string, url: string, locale: unknown) {
  const i18n = i18nFor(locale);
  return linkMail(to, {
    subject: i18n._({ id: "mail.two_factor_reset.subject", message: "Confirm the reset of your Helio two-factor" }),
    title: i18n._({ id: "mail.two_factor_reset.title", message: "Reset your two-factor" }),
    intro: i18n._({
      id: "mail.two_factor_reset.intro",
      message:
        "Hello {name}, Helio's support is ready to turn off the two-factor authentication of your account, as asked (a lost phone, say). Nothing changes until you confirm; the link works once within 24 hours.",
      values: { name: name || i18n._({ id: "notification.name_fallback", message: "there" }) },
    }),
    action: i18n._({ id: "mail.two_factor_reset.action", message: "Confirm the reset" }),
    linkLabel: i18n._({ id: "mail.link_label", message: "Open this link" }),
    url,
    outro: i18n._({
      id: "mail.two_factor_reset.outro",
      message: "If you did not ask for it, ignore this message and tell support: your two-factor stays on.",
    }),
  });
}

/**
 * Compliance resets a member's two-factor (a lost phone), and the member confirms by mail before it
 * takes effect: the request mails a one-time link (only the token's hash is stored), the
 * confirmation turns two-factor off. Both steps are audited.
 */
export async function twoFactorResetRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer } = services;
  const asStaff = staffRouteOptions(services, ["admin", "security"]);

  r.post(
    API_PATTERNS.adminMemberTwoFactorReset,
    asStaff({
      access: "twoFactorReset",
      summary:
        "Ask to reset a member's two-factor: the member confirms by a mailed link before it takes effect (audited)",
      params: memberUidParams,
      response: { 200: twoFactorResetRequestedSchema },
    }),
    async (request) => {
      const actor = adminActorOf(request);
      const [member] = await db
        .select({
          id: user.id,
          email: user.email,
          name: user.firstName,
          locale: user.locale,
          enabled: user.twoFactorEnabled,
        })
        .from(user)
        .where(eq(user.id, request.params.uid));
      if (!member) throw notFound("Member not found");
      if (!member.enabled) throw new AppError(409, "CONFLICT", "This member has no two-factor to reset.");
      const token = randomBytes(32).toString("base64url");
      await db.transaction(async (tx) => {
        await tx.insert(verification).values({
          id: randomUUID(),
          identifier: identifierOf(token),
          value: member.id,
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        });
        await recordAudit(tx, {
          actorId: actor.adminId,
          action: "member.two_factor_reset_request",
          targetUserId: member.id,
          ip: actor.ip,
        });
      });
      const url = `${config.publicUrl}/two-factor-reset?token=${encodeURIComponent(token)}`;
      await mailer.send(resetMail(member.email, member.name, url, member.locale));
      return { mailedTo: member.email };
    },
  );

  r.post(
    API.twoFactorResetConfirm,
    {
      schema: {
        tags: ["security"],
        summary: "Confirm a two-factor reset with the mailed link's token: two-factor turns off (audited)",
        body: twoFactorResetConfirmSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      config: { rateLimit: { max: config.authRateLimit, timeWindow: "1 minute" } },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        // Used once: the row is deleted as it is read.
        const [found] = await tx
          .delete(verification)
          .where(
            and(eq(verification.identifier, identifierOf(request.body.token)), gt(verification.expiresAt, new Date())),
          )
          .returning({ userId: verification.value });
        if (!found)
          throw new AppError(400, "INVALID_TOKEN", "This link is used or expired. Ask support for a new one.");
        await tx.delete(twoFactor).where(eq(twoFactor.userId, found.userId));
        await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, found.userId));
        await recordAudit(tx, {
          actorId: found.userId,
          action: "member.two_factor_reset",
          targetUserId: found.userId,
          ip: request.ip,
        });
      });
      return { ok: true as const };
    },
  );
}
