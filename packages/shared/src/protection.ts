import { fromCents, microcentsToDecimal } from "./values.ts";
import { microcentsSchema } from "./wallet.ts";
import { z } from "./zod.ts";

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

/**
 * The smallest and largest value each kind of limit takes: beyond the largest the member means "no
 * limit" and says so. Amounts in microcents (bigint), from 0.01 to 100,000,000.00 USD.
 */
export const LIMIT_BOUNDS = {
  amountMicrocents: { min: fromCents(1), max: fromCents(10_000_000_000) },
  openContracts: { min: 1, max: 1000 },
  sessionMinutes: { min: 5, max: 24 * 60 },
} as const;

/** A count limit (contracts, minutes): a whole number, as a JSON number. */
const countLimitValue = (bounds: { min: number; max: number }, unit: string) =>
  z.nullable(
    z
      .number({ error: `A whole number of ${unit}, or null for no limit` })
      .check(
        z.int(`A whole number of ${unit}`),
        z.gte(bounds.min, `At least ${bounds.min} ${unit}`),
        z.lte(bounds.max, `At most ${bounds.max} ${unit}`),
      ),
  );

/** A money limit: microcents, as every amount (a string of digits on the wire, a bigint once read). */
const amountLimitValue = (bounds: { min: bigint; max: bigint }) =>
  z.nullable(
    microcentsSchema.check(
      z.refine((v) => v >= bounds.min, `At least ${microcentsToDecimal(bounds.min)} USD`),
      z.refine((v) => v <= bounds.max, `At most ${microcentsToDecimal(bounds.max)} USD`),
    ),
  );

const periodField = z.enum(LIMIT_PERIODS, { error: "One of 24h, 7d, 30d" });
const amount = amountLimitValue(LIMIT_BOUNDS.amountMicrocents);

/**
 * PUT /api/protection/limits: one limit, set (a value) or removed (null). Stake and loss limits
 * name their period; deposits are counted over 30 days. Money limits (stakeMax, stake, loss,
 * deposit) are microcents like every amount: a string of digits, read as a bigint; openContracts
 * and sessionMinutes are plain JSON whole numbers; free is a boolean.
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
    z.object({ limit: z.literal("openContracts"), value: countLimitValue(LIMIT_BOUNDS.openContracts, "contracts") }),
    z.object({ limit: z.literal("sessionMinutes"), value: countLimitValue(LIMIT_BOUNDS.sessionMinutes, "minutes") }),
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

/**
 * A limit's figure in the unit of its key, always a bigint (on the wire a string of digits, as every
 * amount): microcents for a money limit (stakes, losses, deposits, withdrawal amounts and the fixed
 * fee), otherwise a whole number of contracts (openContracts), minutes (sessionMinutes), basis
 * points (withdrawalFeePercent) or percent (payoutPercent); 1 for `free` set. One type for every key,
 * so that a list of limits is one shape; the key says the unit.
 */
export const limitFigureSchema = microcentsSchema;

/** A raise or removal waiting for its cooling-off to end (`value` null: the limit is removed). */
export const pendingLimitSchema = z.object({ value: z.nullable(limitFigureSchema), effectiveAt: z.iso.datetime() });

/**
 * One of the member's limits: its value in force (null: none), the change waiting for its
 * cooling-off, and what is used of it now (null for `stakeMax` and `free`); all in the unit of
 * its key (`limitFigureSchema`): microcents, contracts or minutes.
 */
export const memberLimitSchema = z.object({
  key: z.enum(MEMBER_LIMIT_KEYS),
  value: z.nullable(limitFigureSchema),
  pending: z.nullable(pendingLimitSchema),
  used: z.nullable(limitFigureSchema),
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

const password = z
  .string({ error: "Enter your password" })
  .check(z.minLength(1, "Enter your password"), z.maxLength(200));

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
        .check(
          z.int("A whole number of days"),
          z.gte(BREAK_BOUNDS.timeoutDays.min, "At least 1 day"),
          z.lte(BREAK_BOUNDS.timeoutDays.max, "At most 42 days (6 weeks)"),
        ),
      password,
    }),
    z.object({
      kind: z.literal("exclusion"),
      months: z
        .number({ error: "A whole number of months" })
        .check(
          z.int("A whole number of months"),
          z.gte(BREAK_BOUNDS.exclusionMonths.min, "At least 6 months"),
          z.lte(BREAK_BOUNDS.exclusionMonths.max, "At most 60 months (5 years)"),
        ),
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
  liftedAt: z.nullable(z.iso.datetime()),
  liftReason: z.nullable(z.string()),
});
export type MemberBreak = z.infer<typeof memberBreakSchema>;

/** GET /api/protection/break: the break in force, if any. */
export const breakStatusSchema = z.object({ current: z.nullable(memberBreakSchema) });
export type BreakStatus = z.infer<typeof breakStatusSchema>;

/** POST /api/admin/members/:uid/break/lift: an admin ends the member's break early, saying why. */
export const liftBreakSchema = z.object({
  reason: z
    .string({ error: "Write the reason" })
    .check(
      z.trim(),
      z.minLength(10, "At least 10 characters: why the break ends early"),
      z.maxLength(1000, "At most 1000 characters"),
    ),
});
export type LiftBreak = z.infer<typeof liftBreakSchema>;

/** GET /api/admin/members/:uid/protection: the member's own limits, the break in force and every past one. */
export const adminMemberProtectionSchema = z.object({
  limits: z.array(memberLimitSchema),
  current: z.nullable(memberBreakSchema),
  breaks: z.array(memberBreakSchema),
});
export type AdminMemberProtection = z.infer<typeof adminMemberProtectionSchema>;

/** The reality check's interval, in minutes: the member's choice, 60 until they make one. */
export const REALITY_CHECK_MINUTES = { min: 10, max: 120, default: 60 } as const;

/**
 * PUT /api/protection/reality-check/interval: how often the reality check comes while the member
 * trades Real money. Whole seconds of a minute are accepted so that a test server, whose shortest
 * interval its configuration lowers, can use seconds; the server holds the shortest allowed.
 */
export const setRealityIntervalSchema = z.object({
  minutes: z.number({ error: "A number of minutes" }).check(
    z.positive("More than 0 minutes"),
    z.lte(REALITY_CHECK_MINUTES.max, `At most ${REALITY_CHECK_MINUTES.max} minutes`),
    z.refine((m) => Number.isInteger(Math.round(m * 60 * 1000) / 1000), "Whole seconds only"),
  ),
});
export type SetRealityInterval = z.infer<typeof setRealityIntervalSchema>;

/**
 * What the member did with Real money since the session began: contracts placed, their stakes,
 * the payouts of those settled, and the net result (payouts minus stakes: an open contract's stake
 * is out until it settles). Microcents.
 */
export const sessionFiguresSchema = z.object({
  contracts: z.int().check(z.gte(0)),
  open: z.int().check(z.gte(0)),
  stakedMicrocents: microcentsSchema,
  payoutMicrocents: microcentsSchema,
  netMicrocents: microcentsSchema,
});
export type SessionFigures = z.infer<typeof sessionFiguresSchema>;

/**
 * GET /api/protection/reality-check: the session's reality check. `dueAt` is the last
 * acknowledgement (or the sign-in) plus the interval; `due` once it has passed and the session has
 * Real contracts; `dueInMs` is how long until then by the server's clock (0 once passed).
 */
export const realityCheckSchema = z.object({
  intervalMinutes: z.number().check(z.positive()),
  sessionStartedAt: z.iso.datetime(),
  dueAt: z.iso.datetime(),
  dueInMs: z.int().check(z.gte(0)),
  due: z.boolean(),
  figures: sessionFiguresSchema,
});
export type RealityCheck = z.infer<typeof realityCheckSchema>;

/** The platform's limits, by key, as the account limits list them. */
export const PLATFORM_LIMIT_KEYS = [
  "stakeMin",
  "stakeMax",
  "openContracts",
  "payoutPercent",
  "depositMin",
  "withdrawalMin",
  "withdrawalMax",
  "withdrawalFeePercent",
  "withdrawalFeeFlat",
] as const;
export type PlatformLimitKey = (typeof PLATFORM_LIMIT_KEYS)[number];

/**
 * One of the platform's limits as it applies to the member, in the unit of its key
 * (`limitFigureSchema`, a bigint): microcents for amounts, a count for open contracts, basis points
 * for the withdrawal fee and a whole percent for the payout; `used` (and `left`) where something of
 * it is used up, null otherwise.
 */
export const platformLimitSchema = z.object({
  key: z.enum(PLATFORM_LIMIT_KEYS),
  value: limitFigureSchema,
  used: z.nullable(limitFigureSchema),
  left: z.nullable(limitFigureSchema),
});
export type PlatformLimit = z.infer<typeof platformLimitSchema>;

/**
 * GET /api/protection/account-limits: every limit that applies to the member, the platform's (with
 * the payout of each pair that differs from the default) and their own, with what is used of each.
 */
export const accountLimitsSchema = z.object({
  platform: z.array(platformLimitSchema),
  payouts: z.array(z.object({ symbol: z.string(), percent: z.int() })),
  own: z.array(memberLimitSchema),
});
export type AccountLimits = z.infer<typeof accountLimitsSchema>;
