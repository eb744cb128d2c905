import { API, type Kyc, kycSchema } from "@helio/shared";
import { type QueryClient, useMutation } from "@tanstack/react-query";
import { type LiveMessages, useLiveUpdates } from "../../lib/live-updates.ts";
import { readQuery, useStoreAnswer } from "../../lib/query.ts";
import { uploadForm } from "../../lib/upload.ts";

export const kycKey = ["kyc"] as const;

/** `GET /api/kyc`: the member's verification. */
export const kycQuery = readQuery(kycKey, API.kyc, kycSchema);

/** `POST /api/kyc` (multipart: fields and the images idFront, idBack, selfie) with upload progress. */
export function useSubmitKyc(onProgress: (percent: number) => void) {
  // The withdrawal form checks the verification: read it again there.
  const storeKyc = useStoreAnswer(() => kycKey, ["wallet", "withdrawals", "requirements"]);
  return useMutation({
    mutationFn: async (form: FormData) => kycSchema.parse(await uploadForm<unknown>(API.kyc, form, { onProgress })),
    onSuccess: storeKyc,
  });
}

/** A `kyc.updated` message: the new status at once, then the whole record read again. */
function subscribeKyc(queryClient: QueryClient, live: LiveMessages) {
  return [
    live.subscribe("kyc.updated", (message) => {
      queryClient.setQueryData(kycKey, (old: Kyc | undefined) =>
        old ? { ...old, status: message.status, reason: message.reason } : old,
      );
      void queryClient.invalidateQueries({ queryKey: kycKey });
    }),
  ];
}

/** The status follows the server live (`kyc.updated`); a reconnect reads it again. */
export function useKycLive(): void {
  useLiveUpdates(subscribeKyc, kycKey);
}
