import { memberRefSchema, microcentsSchema, pagedShape, pageQueryShape } from "./wallet.ts";
import { z } from "./zod.ts";

/** Levels of the referral network: 1 = members you referred, 2 = theirs, 3 = theirs. */
export const REFERRAL_LEVELS = [1, 2, 3] as const;
export const referralLevelSchema = z.coerce
  .number({ error: "1, 2 or 3" })
  .check(z.int("1, 2 or 3"), z.gte(1, "1, 2 or 3"), z.lte(3, "1, 2 or 3"));

export const referralLevelTotalsSchema = z.object({
  level: z.int(),
  /** Commission rate of this level, basis points (500 = 5 %), from the settings. */
  commissionBps: z.int(),
  members: z.int(),
  /** What those members invested in total (every investment bought, whatever its status). */
  investedMicrocents: microcentsSchema,
  /** Commissions this member earned from that level. */
  commissionsMicrocents: microcentsSchema,
});
/** GET /api/referrals/network: the Network page's header. */
export const referralNetworkSchema = z.object({
  /** The member's referral code (their username); the link is /register/{code}. */
  code: z.string(),
  levels: z.array(referralLevelTotalsSchema),
  totalCommissionsMicrocents: microcentsSchema,
});
export type ReferralNetwork = z.infer<typeof referralNetworkSchema>;

/** GET /api/referrals/members?level=1&page=1: members of one level, newest first. */
export const referralMembersQuerySchema = z.object({ level: z._default(referralLevelSchema, 1), ...pageQueryShape });
/** Never an email or a balance: only what a referrer may see. */
export const referralMemberSchema = z.object({
  fullName: z.string(),
  joinedAt: z.string(),
  investedMicrocents: microcentsSchema,
});
export type ReferralMember = z.infer<typeof referralMemberSchema>;
export const referralMembersResponseSchema = z.object({
  level: z.int(),
  items: z.array(referralMemberSchema),
  ...pagedShape,
});
export type ReferralMembers = z.infer<typeof referralMembersResponseSchema>;

/** GET /api/admin/members/:uid/network: a member's upline, downline and commissions. */
export const adminMemberNetworkSchema = z.object({
  /** Up to three referrers, level 1 first; `eligible` false when blocked or banned (earns nothing). */
  upline: z.array(z.object({ level: z.int(), member: memberRefSchema, eligible: z.boolean() })),
  downline: z.array(z.object({ level: z.int(), members: z.int(), investedMicrocents: microcentsSchema })),
  commissions: z.object({ count: z.int(), earnedMicrocents: microcentsSchema }),
});
export type AdminMemberNetwork = z.infer<typeof adminMemberNetworkSchema>;
