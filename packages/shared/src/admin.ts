import { currencySchema, userStatusSchema } from "./member.ts";
import { text } from "./text.ts";
import { memberRefSchema } from "./wallet.ts";
import { z } from "./zod.ts";

export const adminMemberSummarySchema = z.object({
  uid: z.string(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(["member", "admin"]),
  userTrading: z.boolean(),
  userBlock: z.boolean(),
  userStatus: userStatusSchema,
  currency: currencySchema,
  createdAt: z.string(),
});
export type AdminMemberSummary = z.infer<typeof adminMemberSummarySchema>;

export const adminMembersQuerySchema = z.object({
  search: z.optional(text().check(z.trim(), z.maxLength(100))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});
export const adminMembersResponseSchema = z.object({
  items: z.array(adminMemberSummarySchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});

export const adminMemberDetailSchema = z.extend(adminMemberSummarySchema, {
  firstName: z.string(),
  lastName: z.string(),
  photoURL: z.nullable(z.string()),
  referralCode: z.string(),
  /** The member whose referral code this one signed up with (null: nobody's). */
  referredBy: z.nullable(memberRefSchema),
  twoFactorEnabled: z.boolean(),
  /** Locked to Practice by an admin: the member cannot switch to Real. */
  tradingLocked: z.boolean(),
});

export const memberStatusActionSchema = z.object({
  action: z.enum(["block", "unblock", "ban", "unban"]),
  reason: z.optional(text({ multiline: true }).check(z.trim(), z.maxLength(500))),
});
export const memberTradingModeSchema = z.object({ userTrading: z.boolean() });
/** Locked: the member trades with practice money and cannot switch to Real themselves. */
export const memberTradingLockSchema = z.object({ locked: z.boolean() });

export const impersonationTokenResponseSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
});
export const impersonationExchangeSchema = z.object({
  username: text().check(z.minLength(1), z.maxLength(40)),
  token: text().check(z.minLength(20), z.maxLength(200)),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.nullable(z.string()),
  actorName: z.nullable(z.string()),
  action: z.string(),
  targetUserId: z.nullable(z.string()),
  targetName: z.nullable(z.string()),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  ip: z.nullable(z.string()),
  createdAt: z.string(),
});
export const auditQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
  targetUserId: z.optional(text().check(z.maxLength(64))),
});
export const auditResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.int(),
});
