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
