import { API, bankAccountResponseSchema, type SaveBankAccountInput } from "@helio/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";

export const bankKey = ["bank"] as const;

/** `GET /api/bank`: the member's payout account (number masked), or null. */
export const bankQuery = queryOptions({
  queryKey: bankKey,
  queryFn: ({ signal }) => apiFetch(API.bank, { schema: bankAccountResponseSchema, signal }),
});

/** `PUT /api/bank` with the current password. */
export function useSaveBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveBankAccountInput) =>
      apiFetch(API.bank, { method: "PUT", body: input, schema: bankAccountResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(bankKey, answer);
      // The withdrawal form shows the destination: read it again there.
      void queryClient.invalidateQueries({ queryKey: ["wallet", "withdrawals", "requirements"] });
    },
  });
}
