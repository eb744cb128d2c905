import { localeSchema, type Member, userStatusOf } from "@helio/shared";
import type { CurrentSession } from "../../platform/auth/session.ts";
import { termsStanding } from "./terms.ts";

/** The member record (docs/product.md §4), from the session's user row and the terms version in force. */
export function toMember({ user, session }: CurrentSession, termsInForce: number): Member {
  const firstName = user.firstName ?? "";
  const lastName = user.lastName ?? "";
  return {
    uid: user.id,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`.trim() || user.name,
    userName: user.username ?? "",
    email: user.email,
    emailVerified: user.emailVerified,
    currency: (user.currency ?? "USD") as Member["currency"],
    locale: localeSchema.safeParse(user.locale).data ?? null,
    userTrading: Boolean(user.userTrading),
    tradingLocked: Boolean(user.tradingLocked),
    userBlock: Boolean(user.userBlock),
    userStatus: userStatusOf(user.userStatus),
    photoURL: user.image ?? null,
    role: user.role === "admin" ? "admin" : "member",
    referralCode: user.username ?? "",
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    createdAt: new Date(user.createdAt).toISOString(),
    impersonatedBy: (session as { impersonatedBy?: string | null }).impersonatedBy ?? null,
    terms: termsStanding(user as { termsVersion?: number | null }, termsInForce),
  };
}
