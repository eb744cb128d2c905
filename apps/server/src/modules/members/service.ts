import type { IncomingHttpHeaders } from "node:http";
import type { registerSchema } from "@helio/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Auth } from "../../platform/auth/auth.ts";
import { toWebHeaders } from "../../platform/auth/session.ts";
import { AppError, fieldError } from "../../platform/http/errors.ts";
import { emailExists, findUserIdByUsername } from "./queries.ts";

type RegisterInput = z.output<typeof registerSchema>;

/**
 * Sign-up with Helio's rules on top of better-auth's: every conflict is a field error, the
 * referral code must name an existing member, and the referrer is kept for the referral features.
 */
export async function registerMember(
  deps: { db: Db; auth: Auth },
  input: RegisterInput,
  headers: IncomingHttpHeaders,
): Promise<{ email: string }> {
  const referrerId = input.referralCode ? await findUserIdByUsername(deps.db, input.referralCode) : null;
  if (input.referralCode && !referrerId) throw fieldError("referralCode", "Unknown referral code");
  if (await findUserIdByUsername(deps.db, input.username)) throw fieldError("username", "This username is taken");
  const email = input.email.toLowerCase();
  if (await emailExists(deps.db, email)) throw fieldError("email", "An account with this email already exists");
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
        referredBy: referrerId ?? undefined,
        callbackURL: "/",
      },
    });
  } catch (error) {
    // Two sign-ups racing for one name or email: the database's unique index decides.
    const code = (error as { body?: { code?: string } }).body?.code ?? "";
    if (/USERNAME/.test(code)) throw fieldError("username", "This username is taken");
    if (/USER_ALREADY_EXISTS|EMAIL/.test(code)) throw fieldError("email", "An account with this email already exists");
    if (/PASSWORD/.test(code)) throw fieldError("password", "Choose a password of 10 to 128 characters");
    throw error instanceof Error ? error : new AppError(500, "INTERNAL", "Sign-up failed");
  }
  return { email };
}
