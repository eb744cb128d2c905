import { API, type Kyc, kycSchema } from "@helio/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiFetch } from "../../lib/api.ts";
import { uploadForm } from "../../lib/upload.ts";
import { liveSocket } from "../../lib/ws.ts";

export const kycKey = ["kyc"] as const;

/** `GET /api/kyc`: the member's verification. */
export const kycQuery = queryOptions({
  queryKey: kycKey,
  queryFn: ({ signal }) => apiFetch(API.kyc, { schema: kycSchema, signal }),
});

/** `POST /api/kyc` (multipart: fields and the images idFront, idBack, selfie) with upload progress. */
export function useSubmitKyc(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) => kycSchema.parse(await uploadForm<unknown>(API.kyc, form, { onProgress })),
    onSuccess: (kyc) => {
      queryClient.setQueryData(kycKey, kyc);
      void queryClient.invalidateQueries({ queryKey: ["wallet", "withdrawals", "requirements"] });
    },
  });
}

/** The status follows the server live (`kyc.updated`); a reconnect reads it again. */
export function useKycLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let readyCount = liveSocket.status === "open" ? 1 : 0;
    const offs = [
      liveSocket.subscribe("kyc.updated", (message) => {
        queryClient.setQueryData(kycKey, (old: Kyc | undefined) =>
          old ? { ...old, status: message.status, reason: message.reason } : old,
        );
        void queryClient.invalidateQueries({ queryKey: kycKey });
      }),
      liveSocket.subscribe("ready", () => {
        readyCount += 1;
        if (readyCount > 1) void queryClient.invalidateQueries({ queryKey: kycKey });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}
