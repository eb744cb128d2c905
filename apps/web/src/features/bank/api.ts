import { API, bankAccountResponseSchema, type SaveBankAccountInput } from "@helio/shared";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { readQuery, useStoreAnswer } from "../../lib/query.ts";

export const bankKey = ["bank"] as const;

/** `GET /api/bank`: the member's payout account (number masked), or null. */
export const bankQuery = readQuery(bankKey, API.bank, bankAccountResponseSchema);

/** `PUT /api/bank` with the current password. */
export function useSaveBank() {
  // The withdrawal form shows the destination: read it again there.
  const storeBank = useStoreAnswer(() => bankKey, ["wallet", "withdrawals", "requirements"]);
  return useMutation({
    mutationFn: (input: SaveBankAccountInput) =>
      apiFetch(API.bank, { method: "PUT", body: input, schema: bankAccountResponseSchema }),
    onSuccess: storeBank,
  });
}
