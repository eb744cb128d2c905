import { z } from "zod";

/** The windows a stake or loss limit is counted over. */
export const LIMIT_PERIODS = ["24h", "7d", "30d"] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const LIMIT_PERIOD_MS: Record<LimitPeriod, number> = {
  "24h": 24 * 3600_000,
  "7d": 7 * 24 * 3600_000,
  "30d": 30 * 24 * 3600_000,
};

/**
 * Every limit a member can set on themselves, by its stored key: the largest stake of one
 * contract, total stakes and net loss per window, open contracts at once, deposits over 30 days,
 * the length of a trading session in minutes, and whether the limits hold for Free (practice)
 * money too (1 = yes).
 */
export const MEMBER_LIMIT_KEYS = [
  "stakeMax",
  "stake24h",
  "stake7d",
  "stake30d",
  "loss24h",
  "loss7d",
  "loss30d",
  "openContracts",
  "deposit30d",
  "sessionMinutes",
  "free",
] as const;
export type MemberLimitKey = (typeof MEMBER_LIMIT_KEYS)[number];

/** How long a raise or a removal waits before it holds: lowering holds at once. */
export const LIMIT_COOLING_OFF_MS = 24 * 3600_000;

/** The largest value each kind of limit takes: beyond it the member means "no limit" and says so. */
export const LIMIT_BOUNDS = {
  amountCents: { min: 1, max: 10_000_000_000 },
  openContracts: { min: 1, max: 1000 },
  sessionMinutes: { min: 5, max: 24 * 60 },
} as const;

const limitValue = (bounds: { min: number; max: number }, unit: string) =>
  z
    .number({ error: `A whole number of ${unit}, or null for no limit` })
    .int(`A whole number of ${unit}`)
    .min(bounds.min, `At least ${bounds.min} ${unit}`)
    .max(bounds.max, `At most ${bounds.max} ${unit}`)
    .nullable();

const periodField = z.enum(LIMIT_PERIODS, { error: "One of 24h, 7d, 30d" });
const amount = limitValue(LIMIT_BOUNDS.amountCents, "cents");

/**
 * PUT /api/protection/limits: one limit, set (a value) or removed (null). Stake and loss limits
 * name their period; deposits are counted over 30 days.
 */
export const setMemberLimitSchema = z.discriminatedUnion(
  "limit",
  [
    z.object({ limit: z.literal("stakeMax"), value: amount }),
    z.object({ limit: z.literal("stake"), period: periodField, value: amount }),
    z.object({ limit: z.literal("loss"), period: periodField, value: amount }),
    z.object({
      limit: z.literal("deposit"),
      period: z.literal("30d", { error: "Deposits are counted over 30d" }),
      value: amount,
    }),
    z.object({ limit: z.literal("openContracts"), value: limitValue(LIMIT_BOUNDS.openContracts, "contracts") }),
    z.object({ limit: z.literal("sessionMinutes"), value: limitValue(LIMIT_BOUNDS.sessionMinutes, "minutes") }),
    z.object({ limit: z.literal("free"), value: z.boolean({ error: "true or false" }) }),
  ],
  { error: "One of stakeMax, stake, loss, deposit, openContracts, sessionMinutes, free" },
);
export type SetMemberLimit = z.infer<typeof setMemberLimitSchema>;

/** The stored key of the limit a request names. */
export function memberLimitKeyOf(input: SetMemberLimit): MemberLimitKey {
  switch (input.limit) {
    case "stake":
    case "loss":
    case "deposit":
      return `${input.limit}${input.period}` as MemberLimitKey;
    default:
      return input.limit;
  }
}

/** A raise or removal waiting for its cooling-off to end. */
export const pendingLimitSchema = z.object({ value: z.number().int().nullable(), effectiveAt: z.iso.datetime() });

/**
 * One of the member's limits: its value in force (null: none), the change waiting for its
 * cooling-off, and what is used of it now (cents, contracts or minutes; for `free`, null).
 */
export const memberLimitSchema = z.object({
  key: z.enum(MEMBER_LIMIT_KEYS),
  value: z.number().int().nullable(),
  pending: pendingLimitSchema.nullable(),
  used: z.number().int().nullable(),
});
export type MemberLimit = z.infer<typeof memberLimitSchema>;

export const memberLimitsSchema = z.object({
  limits: z.array(memberLimitSchema),
  /** When the member's current trading session began (sign-in), for the session limit. */
  sessionStartedAt: z.iso.datetime(),
});
export type MemberLimits = z.infer<typeof memberLimitsSchema>;

/** A timeout lasts 1 day to 6 weeks; a self-exclusion 6 months to 5 years. */
export const BREAK_BOUNDS = {
  timeoutDays: { min: 1, max: 42 },
  exclusionMonths: { min: 6, max: 60 },
} as const;
export const BREAK_KINDS = ["timeout", "exclusion"] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

const password = z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200);

/**
 * POST /api/protection/break: a timeout of `days` or a self-exclusion of `months`, confirmed with
 * the password. Until it ends the member cannot place Real trades, deposit or buy packages.
 */
export const takeBreakSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("timeout"),
      days: z
        .number({ error: "A whole number of days" })
        .int("A whole number of days")
        .min(BREAK_BOUNDS.timeoutDays.min, "At least 1 day")
        .max(BREAK_BOUNDS.timeoutDays.max, "At most 42 days (6 weeks)"),
      password,
    }),
    z.object({
      kind: z.literal("exclusion"),
      months: z
        .number({ error: "A whole number of months" })
        .int("A whole number of months")
        .min(BREAK_BOUNDS.exclusionMonths.min, "At least 6 months")
        .max(BREAK_BOUNDS.exclusionMonths.max, "At most 60 months (5 years)"),
      password,
    }),
  ],
  { error: "One of timeout, exclusion" },
);
export type TakeBreak = z.infer<typeof takeBreakSchema>;

/** A timeout or self-exclusion; `liftedAt` set when an admin ended it early. */
export const memberBreakSchema = z.object({
  id: z.uuid(),
  kind: z.enum(BREAK_KINDS),
  startedAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  liftedAt: z.iso.datetime().nullable(),
  liftReason: z.string().nullable(),
});
export type MemberBreak = z.infer<typeof memberBreakSchema>;

/** GET /api/protection/break: the break in force, if any. */
export const breakStatusSchema = z.object({ current: memberBreakSchema.nullable() });
export type BreakStatus = z.infer<typeof breakStatusSchema>;

/** POST /api/admin/members/:uid/break/lift: an admin ends the member's break early, saying why. */
export const liftBreakSchema = z.object({
  reason: z
    .string({ error: "Write the reason" })
    .trim()
    .min(10, "At least 10 characters: why the break ends early")
    .max(1000, "At most 1000 characters"),
});
export type LiftBreak = z.infer<typeof liftBreakSchema>;

/** GET /api/admin/members/:uid/protection: the member's own limits, the break in force and every past one. */
export const adminMemberProtectionSchema = z.object({
  limits: z.array(memberLimitSchema),
  current: memberBreakSchema.nullable(),
  breaks: z.array(memberBreakSchema),
});
export type AdminMemberProtection = z.infer<typeof adminMemberProtectionSchema>;
