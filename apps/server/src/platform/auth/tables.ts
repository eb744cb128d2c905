import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz, updatedAt } from "../db/columns.ts";

/**
 * better-auth's tables (core + username, admin and twoFactor plugins), written from its
 * documented schema because its CLI needs Node 22. Helio's member fields sit on `user`.
 */
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  username: text("username").unique(),
  displayUsername: text("display_username"),
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamptz("ban_expires"),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  currency: text("currency").notNull().default("USD"),
  /** The member's language (packages/shared LOCALES); null until chosen. */
  locale: text("locale"),
  userTrading: boolean("user_trading").notNull().default(false),
  /** Locked to Practice by an admin: the member cannot switch to Real themselves. */
  tradingLocked: boolean("trading_locked").notNull().default(false),
  userBlock: boolean("user_block").notNull().default(false),
  userStatus: text("user_status").notNull().default("active"),
  referredBy: text("referred_by"),
  /** The version of the terms accepted at registration, and when; null for members from before them. */
  termsVersion: integer("terms_version"),
  termsAcceptedAt: timestamptz("terms_accepted_at"),
  /** When the member confirmed being 18 or older (at registration). */
  adultConfirmedAt: timestamptz("adult_confirmed_at"),
  /** When the member closed their account (`userStatus` is then `closed`); the records stay. */
  closedAt: timestamptz("closed_at"),
});

/**
 * A column naming the member a row belongs to. `restrict` where the row is a money record that
 * must outlive any attempt to delete the user; `cascade` where the row means nothing without them.
 */
export const referencesUser = (name: string, onDelete: "cascade" | "restrict") =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete });

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: referencesUser("user_id", "cascade"),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: referencesUser("user_id", "cascade"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamptz("access_token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: referencesUser("user_id", "cascade"),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamptz("locked_until"),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/** Each successful sign-in, for the member's list of sign-ins and the new-device check. */
export const signInEvents = pgTable(
  "sign_in_event",
  {
    id: text("id").primaryKey(),
    userId: referencesUser("user_id", "cascade"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_event_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Failed password sign-ins per account, whichever address they come from: after a few, each
 * next attempt waits longer (see platform/auth/sign-in-backoff.ts). `account_key` is `user:<id>`,
 * or `name:<identifier>` for names that match no account (they are delayed alike, so a 429 says
 * nothing about whether an account exists).
 */
export const signInBackoff = pgTable("sign_in_backoff", {
  accountKey: text("account_key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: timestamptz("last_failure_at").notNull(),
  nextAttemptAt: timestamptz("next_attempt_at"),
});
