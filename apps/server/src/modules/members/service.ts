import type { IncomingHttpHeaders } from "node:http";
import type { Locale, registerSchema } from "@helio/shared";
import type { z } from "@helio/shared/zod";
import type { Db } from "../../db/client.ts";
import type { Auth } from "../../platform/auth/auth.ts";
import { toWebHeaders } from "../../platform/auth/session.ts";
import { AppError, fieldError } from "../../platform/http/errors.ts";
import { findUserIdByUsername, replacePhoto, updateLocale, updateProfile } from "./queries.ts";

type RegisterInput = z.output<typeof registerSchema>;

/**
 * Sign-up with Helio's rules on top of better-auth's: a taken username is a field error (usernames
 * are public), a taken email is not (see below), the referral code must name an existing member,
 * and the referrer is kept for the referral features.
 */
export async function registerMember(
  deps: { db: Db; auth: Auth; termsVersion: () => Promise<number>; now: () => Date },
  input: RegisterInput,
  headers: IncomingHttpHeaders,
): Promise<{ email: string }> {
  const referrerId = input.referralCode ? await findUserIdByUsername(deps.db, input.referralCode) : null;
  if (input.referralCode && !referrerId) throw fieldError("referralCode", "Unknown referral code");
  if (await findUserIdByUsername(deps.db, input.username)) throw fieldError("username", "This username is taken");
  // A taken email is not an error: better-auth answers as for a new account and mails the owner
  // (onExistingUserSignUp), so this answer says nothing about which addresses have accounts.
  const email = input.email.toLowerCase();
  // The schema refuses a form without both boxes ticked; what is stored is the version shown now.
  const acceptedAt = deps.now();
  const termsVersion = await deps.termsVersion();
  try {
    await deps.auth.api.signUpEmail({
      headers: toWebHeaders(headers),
      body: {
        name: `${input.firstName} ${input.lastName}`,
        email,
        password: input.password,
        username: input.username,
        displayUsername: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        currency: input.currency,
        locale: input.locale,
        referredBy: referrerId ?? undefined,
        termsVersion,
        termsAcceptedAt: acceptedAt,
        adultConfirmedAt: acceptedAt,
        callbackURL: "/",
      },
    });
  } catch (error) {
    // Two sign-ups racing for one name or email: the database's unique index decides.
    const code = (error as { body?: { code?: string } }).body?.code ?? "";
    if (/USERNAME/.test(code)) throw fieldError("username", "This username is taken");
    if (/USER_ALREADY_EXISTS/.test(code)) return { email }; // the same email won a race: same answer
    if (/EMAIL/.test(code)) throw fieldError("email", "Enter a valid email address");
    if (/PASSWORD/.test(code)) throw fieldError("password", "Choose a password of 10 to 128 characters");
    throw error instanceof Error ? error : new AppError(500, "INTERNAL", "Sign-up failed");
  }
  return { email };
}

/**
 * A member's own details as the profile feature changes them: names, display currency and language,
 * and the photo (the one it replaces is returned, so that its file can be removed).
 */
export function memberProfileService(db: Db) {
  return {
    updateDetails: (uid: string, values: { firstName: string; lastName: string; currency: string }) =>
      updateProfile(db, uid, values),
    replacePhoto: (uid: string, photoUrl: string): Promise<string | null> => replacePhoto(db, uid, photoUrl),
    updateLocale: (uid: string, locale: Locale) => updateLocale(db, uid, locale),
  };
}
