import { personNameSchema } from "./member.ts";
import type { Settings } from "./settings.ts";
import { z } from "./zod.ts";

/**
 * The back office's duties (docs/product.md §10a). A staff member holds one or more; an owner may
 * do everything, an auditor read everything.
 */
export const STAFF_ROLES = ["owner", "finance", "compliance", "support", "trading_desk", "auditor"] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  finance: "Finance",
  compliance: "Compliance",
  support: "Support",
  trading_desk: "Trading desk",
  auditor: "Auditor",
};

const everyone = STAFF_ROLES;
const reads = (...roles: StaffRole[]): readonly StaffRole[] => ["owner", "auditor", ...roles];
const acts = (...roles: StaffRole[]): readonly StaffRole[] => ["owner", ...roles];

/**
 * Who may do what in the back office: each `/api/admin/*` route declares one of these (its
 * `x-roles` in the OpenAPI document), and the web shows a page or an action only to the same roles.
 */
export const STAFF_ACCESS = {
  /** The dashboard's queue counts and totals, and one's own roles. */
  backOffice: everyone,
  membersRead: everyone,
  memberStatus: acts("compliance"),
  /** Ending a member's timeout or self-exclusion early: the owner's alone. */
  breakLift: acts(),
  twoFactorReset: acts("compliance"),
  memberTradingMode: acts("trading_desk"),
  impersonation: acts("support"),
  memberMoneyRead: reads("finance", "compliance", "support"),
  balanceAdjust: acts("finance"),
  adjustmentsRead: reads("finance"),
  demoReset: acts("finance", "support"),
  ledgerVerify: reads("finance"),
  depositsRead: reads("finance"),
  depositsDecide: acts("finance"),
  withdrawalsRead: reads("finance"),
  withdrawalsDecide: acts("finance"),
  kycRead: reads("compliance"),
  kycDecide: acts("compliance"),
  chatRead: reads("support"),
  chatAnswer: acts("support"),
  tradingRead: reads("trading_desk", "finance"),
  packagesRead: reads("trading_desk", "finance"),
  packagesWrite: acts("trading_desk"),
  investmentsRead: reads("trading_desk", "finance", "support"),
  networkRead: reads("finance", "compliance", "support"),
  settingsRead: reads("finance", "trading_desk"),
  /** Saving the settings: each field is further limited to its group's roles (`SETTINGS_FIELD_ROLES`). */
  settingsWrite: acts("finance", "trading_desk"),
  auditRead: reads(),
  staffRead: reads(),
  staffManage: acts(),
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffAccess = keyof typeof STAFF_ACCESS;

/** Whether someone holding `roles` may do `access`. */
export function staffMay(roles: readonly StaffRole[], access: StaffAccess): boolean {
  const allowed: readonly StaffRole[] = STAFF_ACCESS[access];
  return roles.some((role) => allowed.includes(role));
}

/**
 * Which roles besides the owner may change each settings field: the trading desk its trading
 * terms, finance the money rules and the company's bank account. Unlisted fields are the owner's.
 */
export const SETTINGS_FIELD_ROLES: Partial<Record<keyof Settings, readonly StaffRole[]>> = {
  tradePayoutPercentDefault: ["trading_desk"],
  tradePayoutPercent: ["trading_desk"],
  tradeExposureCapMicrocents: ["trading_desk"],
  tradeMinMicrocents: ["trading_desk"],
  tradeMaxMicrocents: ["trading_desk"],
  tradeDurations: ["trading_desk"],
  tradeOpenLimit: ["trading_desk"],
  marketStaleSeconds: ["trading_desk"],
  depositMinMicrocents: ["finance"],
  withdrawalMinMicrocents: ["finance"],
  withdrawalMaxMicrocents: ["finance"],
  withdrawalFeeBps: ["finance"],
  withdrawalFeeFlatMicrocents: ["finance"],
  invoiceExpiryMinutes: ["finance"],
  fundTransferMinMicrocents: ["finance"],
  withdrawalSecondApprovalMicrocents: ["finance"],
  adjustmentSecondApprovalMicrocents: ["finance"],
  transferInstructions: ["finance"],
  transferInstructionsByCurrency: ["finance"],
};

/** Whether `roles` may change settings field `field`. */
export function staffMayChangeSetting(roles: readonly StaffRole[], field: string): boolean {
  if (roles.includes("owner")) return true;
  const allowed = SETTINGS_FIELD_ROLES[field as keyof Settings] ?? [];
  return roles.some((role) => allowed.includes(role));
}

const rolesSchema = z.pipe(
  z.array(staffRoleSchema).check(z.minLength(1, "Choose at least one role"), z.maxLength(STAFF_ROLES.length)),
  z.transform((roles: StaffRole[]) => STAFF_ROLES.filter((role) => roles.includes(role))),
);

/** The signed-in staff member's roles. */
export const staffMeSchema = z.object({ roles: z.array(staffRoleSchema) });
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffMemberSchema = z.object({
  uid: z.string(),
  fullName: z.string(),
  email: z.string(),
  roles: z.array(staffRoleSchema),
  disabled: z.boolean(),
  /** False until the invitation's link was used to choose a password. */
  joined: z.boolean(),
  twoFactorEnabled: z.boolean(),
  invitedAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ items: z.array(staffMemberSchema) });

export const staffInviteSchema = z.object({
  email: z.email("Enter a valid email").check(z.maxLength(254), z.toLowerCase()),
  firstName: personNameSchema,
  lastName: personNameSchema,
  roles: rolesSchema,
});
export type StaffInviteInput = z.input<typeof staffInviteSchema>;

export const staffRolesUpdateSchema = z.object({ roles: rolesSchema });
export const staffStatusUpdateSchema = z.object({ disabled: z.boolean() });

/** The token of the mailed link that confirms a two-factor reset. */
export const twoFactorResetConfirmSchema = z.object({
  token: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{20,100}$/, "Not a reset link's token")),
});
export const twoFactorResetRequestedSchema = z.object({ mailedTo: z.string() });
