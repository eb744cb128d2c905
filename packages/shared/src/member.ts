import { CURRENCIES } from "./currency.ts";
import { localeSchema } from "./locale.ts";
import { text } from "./text.ts";
import { z } from "./zod.ts";

export const currencySchema = z.enum(CURRENCIES);
/** `closed`: the member closed their account; they cannot sign in, their records are kept. */
export const USER_STATUSES = ["active", "banned", "closed"] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;
/** A stored status as the API writes it (an unknown one reads as active). */
export const userStatusOf = (stored: string | null | undefined): UserStatus =>
  userStatusSchema.safeParse(stored).data ?? "active";

export const usernameSchema = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9_]{3,20}$/, "3 to 20 characters: a-z, 0-9 and _"));
export const passwordSchema = z
  .string()
  .check(z.minLength(10, "At least 10 characters"), z.maxLength(128, "At most 128 characters"));
export const personNameSchema = text().check(
  z.trim(),
  z.minLength(1, "Required"),
  z.maxLength(60, "At most 60 characters"),
);

/** The member record (docs/product.md §4), as the API returns it for the signed-in member. */
export const memberSchema = z.object({
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  currency: currencySchema,
  /** The language chosen on the account; null until the member picks one (the device's is used). */
  locale: z.nullable(localeSchema),
  userTrading: z.boolean(),
  /** An admin has locked the member to Practice: the member cannot switch to Real. */
  tradingLocked: z.boolean(),
  userBlock: z.boolean(),
  userStatus: userStatusSchema,
  photoURL: z.nullable(z.string()),
  role: z.enum(["member", "admin"]),
  referralCode: z.string(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  impersonatedBy: z.nullable(z.string()),
  /**
   * The terms the member accepted beside the ones in force (members from before versioning count
   * as having accepted version 1). Until `accepted`, Real-money actions answer TERMS_NOT_ACCEPTED.
   */
  terms: z.object({
    acceptedVersion: z.int().check(z.positive()),
    currentVersion: z.int().check(z.positive()),
    accepted: z.boolean(),
  }),
});
export type Member = z.infer<typeof memberSchema>;

/** `POST /api/me/terms`: the member accepts the terms of `version`, which must be the one in force. */
export const acceptTermsSchema = z.object({ version: z.int().check(z.positive()) });
export type AcceptTerms = z.infer<typeof acceptTermsSchema>;

export const registerSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  username: usernameSchema,
  email: z.email("Enter a valid email").check(z.maxLength(254)),
  password: passwordSchema,
  currency: z._default(currencySchema, "USD"),
  referralCode: z.pipe(
    z.optional(text().check(z.trim(), z.toLowerCase(), z.maxLength(20))),
    z.transform((v) => (v ? v : undefined)),
  ),
  /** The language the form was filled in: kept on the account, the verification mail is written in it. */
  locale: z.optional(localeSchema),
  /** The terms (of the version shown) are accepted: stored with their version and the time. */
  acceptTerms: z.boolean().check(z.refine((v) => v, "Accept the terms to open an account")),
  /** The member confirms being 18 or older: stored with the time. */
  confirmAdult: z.boolean().check(z.refine((v) => v, "Confirm that you are 18 or older")),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const updateProfileSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  currency: currencySchema,
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const referralCheckResponseSchema = z.object({ valid: z.boolean() });

export const signInEventSchema = z.object({
  id: z.string(),
  ipAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  /** Opened by support through "Sign in as member". */
  bySupport: z.boolean(),
  createdAt: z.string(),
});
export const signInEventsResponseSchema = z.object({ items: z.array(signInEventSchema) });

/** The money the member's next trades use: `real` (the wallet) or `practice` (the demo account). */
export const tradingModeSchema = z.enum(["real", "practice"]);
export type TradingMode = z.infer<typeof tradingModeSchema>;
export const switchTradingModeSchema = z.object({ mode: tradingModeSchema });
