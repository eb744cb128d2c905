import { API, type Member, memberSchema, type RegisterInput } from "@helio/shared";
import { apiFetch } from "../../lib/api.ts";

/** `POST /api/register` → 201; 400 carries field errors. */
export function registerMember(input: RegisterInput): Promise<unknown> {
  return apiFetch(API.register, { method: "POST", body: input });
}

/** `POST /api/impersonation/exchange`: trades a back-office link for a support session. */
export function exchangeImpersonationToken(username: string, token: string): Promise<unknown> {
  return apiFetch(API.impersonationExchange, { method: "POST", body: { username, token } });
}

export type { Member };
export { memberSchema };
