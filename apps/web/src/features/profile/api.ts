import { API, type Member, memberSchema, type UpdateProfileInput } from "@helio/shared";
import { msg } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { meQueryKey } from "../../lib/member.tsx";
import { uploadFile } from "../../lib/upload.ts";

export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** How the photo's types are named in messages (`checkUpload`'s words). */
export const AVATAR_DESCRIPTION = msg`a JPEG, PNG or WebP image`;

/** `PUT /api/profile` → the updated member. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      apiFetch<Member>(API.profile, { method: "PUT", body: input, schema: memberSchema }),
    onSuccess: (member) => {
      queryClient.setQueryData(meQueryKey, member);
    },
  });
}

/** `POST /api/profile/avatar` (multipart field `file`) with upload progress. */
export function useUploadAvatar(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<unknown>(API.avatar, file, { field: "file", onProgress }),
    onSuccess: (answer) => {
      const parsed = memberSchema.safeParse(answer);
      if (parsed.success) queryClient.setQueryData(meQueryKey, parsed.data);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
