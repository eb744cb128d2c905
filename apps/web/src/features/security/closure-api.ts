import { API, type CloseAccountInput, closeAccountResponseSchema, closureCheckSchema } from "@helio/shared";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { readQuery } from "../../lib/query.ts";

export const closureCheckQueryKey = ["security", "closure"] as const;

/** What keeps the account open (money in a Real account, a withdrawal on its way, an open contract). */
export const closureCheckQuery = readQuery(closureCheckQueryKey, API.accountClose, closureCheckSchema, {
  staleTime: 0,
});

/** `POST /api/account/close`: closes the account; every session ends with it. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: (input: CloseAccountInput) =>
      apiFetch(API.accountClose, { method: "POST", body: input, schema: closeAccountResponseSchema }),
  });
}
