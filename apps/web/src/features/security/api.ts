import { API, signInEventsResponseSchema } from "@helio/shared";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { authClient, unwrap } from "../../lib/auth-client.ts";

export interface SessionRow {
  id: string;
  token: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  updatedAt: string;
}

function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return typeof value === "string" ? value : String(value ?? "");
}

function optional(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

export const sessionsQuery = queryOptions({
  queryKey: ["security", "sessions"],
  queryFn: async (): Promise<SessionRow[]> => {
    const sessions = (await unwrap(authClient.listSessions())) ?? [];
    return sessions.map((s) => ({
      id: s.id,
      token: s.token,
      userAgent: optional(s.userAgent),
      ipAddress: optional(s.ipAddress),
      createdAt: iso(s.createdAt),
      updatedAt: iso(s.updatedAt),
    }));
  },
});

export const currentSessionQuery = queryOptions({
  queryKey: ["security", "current-session"],
  queryFn: async () => {
    const data = await unwrap(authClient.getSession());
    return data ? { id: data.session.id, token: data.session.token } : null;
  },
});

export const signInsQuery = queryOptions({
  queryKey: ["security", "sign-ins"],
  queryFn: ({ signal }) => apiFetch(API.signIns, { schema: signInEventsResponseSchema, signal }),
});

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unwrap(authClient.revokeSession({ token })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(authClient.revokeOtherSessions()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

/** The base32 secret inside an `otpauth://totp/...?secret=...` URI, for manual entry. */
export function totpSecret(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get("secret");
  } catch {
    const match = /[?&]secret=([^&]+)/.exec(totpURI);
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  }
}

/** `ABCD EFGH …`, easier to type. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}
