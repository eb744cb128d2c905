import { z } from "zod";
import { currencySchema, userStatusSchema } from "./member.ts";
import { text } from "./text.ts";
import { memberRefSchema } from "./wallet.ts";

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
  search: text().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminMembersResponseSchema = z.object({
  items: z.array(adminMemberSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const adminMemberDetailSchema = adminMemberSummarySchema.extend({
  firstName: z.string(),
  lastName: z.string(),
  photoURL: z.string().nullable(),
  referralCode: z.string(),
  /** The member whose referral code this one signed up with (null: nobody's). */
  referredBy: memberRefSchema.nullable(),
  twoFactorEnabled: z.boolean(),
  /** Locked to Practice by an admin: the member cannot switch to Real. */
  tradingLocked: z.boolean(),
});

export const memberStatusActionSchema = z.object({
  action: z.enum(["block", "unblock", "ban", "unban"]),
  reason: text({ multiline: true }).trim().max(500).optional(),
});
export const memberTradingModeSchema = z.object({ userTrading: z.boolean() });
/** Locked: the member trades with practice money and cannot switch to Real themselves. */
export const memberTradingLockSchema = z.object({ locked: z.boolean() });

export const impersonationTokenResponseSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
});
export const impersonationExchangeSchema = z.object({
  username: text().min(1).max(40),
  token: text().min(20).max(200),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  targetName: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  targetUserId: text().max(64).optional(),
});
export const auditResponseSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
});
