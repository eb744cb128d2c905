import {
  API,
  type Member,
  memberSchema,
  type RegisterInput,
  type SupportRequestInput,
  supportContactSchema,
  type Withdrawal,
  withdrawalSchema,
} from "@helio/shared";
import { i18n } from "@lingui/core";
import { apiFetch } from "../../lib/api.ts";
import { isLocale } from "../../lib/i18n.ts";

/** `POST /api/register` → 201; 400 carries field errors. */
export function registerMember(input: RegisterInput): Promise<unknown> {
  return apiFetch(API.register, {
    method: "POST",
    body: { ...input, locale: isLocale(i18n.locale) ? i18n.locale : undefined },
  });
}

/** `POST /api/impersonation/exchange`: trades a back-office link for a support session. */
export function exchangeImpersonationToken(username: string, token: string): Promise<unknown> {
  return apiFetch(API.impersonationExchange, { method: "POST", body: { username, token } });
}

/** `POST /api/withdrawals/confirm`: the mail's link confirms its withdrawal (no sign-in needed). */
export function confirmWithdrawal(id: string, token: string): Promise<Withdrawal> {
  return apiFetch<Withdrawal>(API.withdrawalConfirm, { method: "POST", body: { id, token }, schema: withdrawalSchema });
}

/** `POST /api/account/freeze`: a security mail's "it was not me" link. */
export function freezeAccount(token: string): Promise<unknown> {
  return apiFetch(API.accountFreeze, { method: "POST", body: { token } });
}

/** `GET /api/support/contact`: the support address ("" when none is set). */
export async function supportEmail(signal?: AbortSignal): Promise<string> {
  return (await apiFetch(API.supportContact, { schema: supportContactSchema, signal })).supportEmail;
}

/** `POST /api/support/requests`: a blocked member's message to support, signed out. */
export function sendSupportRequest(input: SupportRequestInput): Promise<unknown> {
  return apiFetch(API.supportRequests, { method: "POST", body: input });
}

export type { Member };
export { memberSchema };
