import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { admin, twoFactor, username } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db, Executor } from "../../db/client.ts";
import type { LogTo } from "../http/logging.ts";
import type { Mailer } from "../mail/mailer.ts";
import { existingAccountMail, resetPasswordMail, verificationMail } from "../mail/templates.ts";
import { generateBackupCodes, normaliseBackupCode } from "./backup-codes.ts";
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S } from "./fast-session.ts";
import * as tables from "./tables.ts";
import { signInEvents } from "./tables.ts";

/** The header our Fastify bridge sets to the client address it trusts (never the client's own). */
export const CLIENT_IP_HEADER = "x-helio-client-ip";

/**
 * A member's security event that better-auth carried out: a sign-in (its `sign_in_event` row is
 * being written), a password changed or reset, two-factor turned on or off.
 */
export type SecurityEvent =
  | {
      kind: "sign_in";
      userId: string;
      signInId: string;
      userAgent: string | null;
      ipAddress: string | null;
      /** Set when support opened the session (impersonation), not the member. */
      impersonatedBy: string | null;
      at: Date;
    }
  | { kind: "password.changed"; userId: string; how: "changed" | "reset"; at: Date }
  | { kind: "two_factor.enabled" | "two_factor.disabled"; userId: string; at: Date }
  /** An admin's session as the member ended (left, expired or revoked); `role` names the admin's role. */
  | { kind: "impersonation.ended"; userId: string; sessionId: string; role: string; from: Date; to: Date };

/**
 * Hears a security event inside the transaction that records it (for a sign-in, the one that
 * writes its row; otherwise one of its own, after better-auth committed the change) and answers
 * what to run once that transaction committed.
 */
export type SecurityEventListener = (tx: Executor, event: SecurityEvent) => Promise<(() => Promise<void>) | undefined>;

export type AuthDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  log: LogTo<"warn" | "error" | "debug">;
  /** Runs once a user row exists (opens the member's accounts); must be idempotent. */
  onUserCreated?: (userId: string) => Promise<void>;
  /** Runs after any session row is deleted, however it ended (closes its sockets everywhere). */
  onSessionEnded?: (sessionId: string) => Promise<void>;
  /** better-auth's scrypt unless given: the test suites pass the same scrypt at a lower cost. */
  passwordHasher?: PasswordHasher;
  /** Security events (the notifications module, wired in compose.ts). */
  onSecurityEvent?: SecurityEventListener;
};

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
};

/** The account status check every sign-in and every API call goes through. */
export function accountStatusError(u: { userBlock?: boolean | null; userStatus?: string | null }) {
  if (u.userStatus === "banned") return { code: "ACCOUNT_BANNED", message: "Your account has been banned." } as const;
  if (u.userBlock) return { code: "ACCOUNT_BLOCKED", message: "Your account has been blocked." } as const;
  if (u.userStatus === "closed")
    return {
      code: "ACCOUNT_CLOSED",
      message: "This account has been closed. Write to support if you need help.",
    } as const;
  return null;
}

export function createAuth({
  config,
  db,
  mailer,
  secret,
  log,
  onUserCreated,
  onSessionEnded,
  passwordHasher,
  onSecurityEvent,
}: AuthDeps) {
  /** Records an event better-auth already committed; a failure is logged, never the request's. */
  const afterSecurityChange = async (event: Exclude<SecurityEvent, { kind: "sign_in" }>) => {
    if (!onSecurityEvent) return;
    try {
      let afterCommit: (() => Promise<void>) | undefined;
      await db.transaction(async (tx) => {
        afterCommit = await onSecurityEvent(tx, event);
      });
      await afterCommit?.();
    } catch (err) {
      log.error({ err, kind: event.kind }, "security event not recorded");
    }
  };
  /**
   * The password step of a two-factor sign-in: better-auth's twoFactor plugin deletes the session
   * it opened as soon as the step ends, and the code's step opens (and records) the real one. A
   * device the member trusted (a trust cookie) skips the code, so its session is the sign-in.
   */
  const awaitsSecondFactor = async (context: unknown, userId: string) => {
    const ctx = context as EndpointContextLike | null;
    if (!ctx?.context || !PASSWORD_SIGN_IN_PATHS.has(ctx.path ?? "")) return false;
    const [row] = await db
      .select({ twoFactorEnabled: tables.user.twoFactorEnabled })
      .from(tables.user)
      .where(eq(tables.user.id, userId));
    if (!row?.twoFactorEnabled) return false;
    const trustCookie = ctx.context.createAuthCookie("trust_device").name;
    return !(await ctx.getSignedCookie(trustCookie, ctx.context.secret));
  };
  return betterAuth({
    appName: "Helio",
    // Into our structured log; failed sign-ins are routine, not errors.
    logger: {
      level: "warn",
      // Called on the logger (pino's methods need their `this`): a detached call threw inside
      // better-auth, turning each refusal it logs (a foreign Origin…) into a 500 with body null.
      log: (level, message, ...args) => {
        if (level === "error") log.error({ args }, `better-auth: ${message}`);
        else log.debug({ args }, `better-auth: ${message}`);
      },
    },
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl, ...config.trustedOrigins],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: tables.user,
        session: tables.session,
        account: tables.account,
        verification: tables.verification,
        twoFactor: tables.twoFactor,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, defaultValue: "" },
        lastName: { type: "string", required: false, defaultValue: "" },
        currency: { type: "string", required: false, defaultValue: "USD" },
        // Set at sign-up from the registration form's language (checked by registerSchema: the
        // bridge lets no one reach better-auth's own sign-up), so the verification mail is in it.
        locale: { type: "string", required: false, input: true },
        referredBy: { type: "string", required: false },
        userTrading: { type: "boolean", required: false, defaultValue: false, input: false },
        tradingLocked: { type: "boolean", required: false, defaultValue: false, input: false },
        userBlock: { type: "boolean", required: false, defaultValue: false, input: false },
        userStatus: { type: "string", required: false, defaultValue: "active", input: false },
        // Set at sign-up by registerMember only (the bridge lets no one reach better-auth's own).
        termsVersion: { type: "number", required: false, input: true },
        termsAcceptedAt: { type: "date", required: false, input: true },
        adultConfirmedAt: { type: "date", required: false, input: true },
        // Set when the member closes the account (members/closure), never from a request.
        closedAt: { type: "date", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(resetPasswordMail(user.email, user.name, url, localeOfUser(user)));
      },
      // Sign-up with a taken email answers like a new one (no account, no session); the owner is told.
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send(existingAccountMail(user.email, user.name, config.publicUrl, localeOfUser(user)));
      },
      onPasswordReset: async ({ user }) => {
        await afterSecurityChange({ kind: "password.changed", userId: user.id, how: "reset", at: new Date() });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail(user.email, user.name, url, localeOfUser(user)));
      },
    },
    session: { expiresIn: SESSION_EXPIRES_IN_S, updateAge: SESSION_UPDATE_AGE_S },
    rateLimit: { enabled: false }, // applied in Fastify, shared across instances through Redis
    // Without this, refusals raised outside an endpoint (a foreign Origin, a bad callbackURL)
    // go to console.error through better-auth's default logger instead of our log.
    onAPIError: {
      onError: (error) => {
        if (isAPIError(error) && error.status !== "INTERNAL_SERVER_ERROR")
          log.debug({ status: error.status }, `better-auth: ${error.message}`);
        else log.error({ err: error }, "better-auth: request failed");
      },
    },
    advanced: {
      useSecureCookies: config.secureCookies,
      // better-auth turns its Origin/CSRF check off when NODE_ENV=test; keep it on everywhere
      // (app.ts relies on it for /api/auth/*, and the tests must see what production does).
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => randomUUID() },
    },
    plugins: [
      username({
        minUsernameLength: 3,
        maxUsernameLength: 20,
        usernameValidator: (name) => /^[a-z0-9_]+$/i.test(name),
      }),
      admin({ defaultRole: "member", adminRoles: ["admin"], impersonationSessionDuration: 60 * 60 }),
      twoFactor({
        issuer: "Helio",
        skipVerificationOnEnable: false,
        backupCodeOptions: { customBackupCodesGenerate: () => generateBackupCodes() },
      }),
    ],
    hooks: {
      // A backup code as typed (any case, dash or not) is checked in the form it was issued in.
      before: createAuthMiddleware(async (ctx) => {
        const code = (ctx.body as { code?: unknown } | undefined)?.code;
        if (ctx.path !== "/two-factor/verify-backup-code" || typeof code !== "string") return;
        return { context: { ...ctx, body: { ...ctx.body, code: normaliseBackupCode(code) } } };
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await onUserCreated?.(created.id);
          },
        },
        // Two-factor turned on (the first code confirms it) or off: the only updates of these paths
        // that set the flag. `context` is the endpoint's (null outside one).
        update: {
          after: async (updated, context) => {
            const enabled = Boolean((updated as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
            const path = context?.path;
            if ((path === "/two-factor/verify-totp" || path === "/two-factor/enable") && enabled)
              await afterSecurityChange({ kind: "two_factor.enabled", userId: updated.id, at: new Date() });
            else if (path === "/two-factor/disable" && !enabled)
              await afterSecurityChange({ kind: "two_factor.disabled", userId: updated.id, at: new Date() });
          },
        },
      },
      // A password changed by its member (a reset is `onPasswordReset` above).
      account: {
        update: {
          after: async (updated, context) => {
            if (context?.path === "/change-password")
              await afterSecurityChange({
                kind: "password.changed",
                userId: updated.userId,
                how: "changed",
                at: new Date(),
              });
          },
        },
      },
      session: {
        create: {
          before: async (session, context) => {
            const [row] = await db
              .select({ userBlock: tables.user.userBlock, userStatus: tables.user.userStatus })
              .from(tables.user)
              .where(eq(tables.user.id, session.userId));
            const problem = row ? accountStatusError(row) : null;
            if (problem) throw new APIError("FORBIDDEN", { code: problem.code, message: problem.message });
            // A replacement keeps the time its member signed in ("Signed in …" on /security).
            const replaced = replacedSession(context, session.userId);
            return replaced ? { data: { ...session, createdAt: replaced.createdAt } } : undefined;
          },
          // The sign-in's row and what it means (a new device?) are written together; a session
          // that replaces the member's own is no sign-in (two-factor on or off is its own event).
          after: async (session, context) => {
            if (replacedSession(context, session.userId) || (await awaitsSecondFactor(context, session.userId))) return;
            const s = session as typeof session & { impersonatedBy?: string | null };
            const signIn = {
              id: randomUUID(),
              userId: s.userId,
              ipAddress: s.ipAddress ?? null,
              userAgent: s.userAgent ?? null,
              impersonatedBy: s.impersonatedBy ?? null,
            };
            if (!onSecurityEvent) {
              await db.insert(signInEvents).values(signIn);
              return;
            }
            let afterCommit: (() => Promise<void>) | undefined;
            await db.transaction(async (tx) => {
              await tx.insert(signInEvents).values(signIn);
              afterCommit = await onSecurityEvent(tx, {
                kind: "sign_in",
                userId: signIn.userId,
                signInId: signIn.id,
                userAgent: signIn.userAgent,
                ipAddress: signIn.ipAddress,
                impersonatedBy: signIn.impersonatedBy,
                at: new Date(),
              });
            });
            await afterCommit?.();
          },
        },
        // Every way better-auth ends a session deletes its row through here: sign-out, revoke,
        // revoke-others, a password change or reset, 2FA on/off (the session is replaced), an
        // expired session met on read, the admin plugin. A failed publish must not fail the
        // sign-out: sockets re-check their session before acting and when it expires.
        delete: {
          after: async (session) => {
            await onSessionEnded?.(session.id).catch((err) => log.error({ err }, "session end not published"));
            const adminId = (session as typeof session & { impersonatedBy?: string | null }).impersonatedBy;
            if (adminId) {
              const [admin] = await db
                .select({ role: tables.user.role })
                .from(tables.user)
                .where(eq(tables.user.id, adminId));
              const to = new Date(Math.min(Date.now(), new Date(session.expiresAt).getTime()));
              await afterSecurityChange({
                kind: "impersonation.ended",
                userId: session.userId,
                sessionId: session.id,
                role: admin?.role ?? "admin",
                from: new Date(session.createdAt),
                to,
              });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** What the session hooks read of better-auth's endpoint context (typed loosely by better-auth). */
type EndpointContextLike = {
  path?: string;
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
  context: {
    secret: string;
    createAuthCookie: (name: string) => { name: string };
    session?: { session?: { userId?: string; createdAt?: Date | string } } | null;
  };
};

/** The language a user's mails are written in (English when unset; templates.ts checks it). */
const localeOfUser = (user: object): unknown => (user as { locale?: unknown }).locale;

/** The sign-ins better-auth's twoFactor plugin follows with a code step (its `signInPaths`). */
const PASSWORD_SIGN_IN_PATHS = new Set(["/sign-in/email", "/sign-in/username"]);

/**
 * The member's own session that the request signed in with, when better-auth creates another for
 * the same member: turning two-factor on (`/two-factor/verify-totp` with a session) or off, and a
 * password change that signs the other sessions out, replace the session they were sent from. A
 * sign-in has no session of that member yet (the second step of a two-factor sign-in carries only
 * its challenge cookie; support's impersonation carries the admin's session).
 */
function replacedSession(context: unknown, userId: string): { createdAt: Date } | null {
  const current = (context as Partial<EndpointContextLike> | null)?.context?.session?.session;
  if (!current || current.userId !== userId) return null;
  return { createdAt: current.createdAt ? new Date(current.createdAt) : new Date() };
}
