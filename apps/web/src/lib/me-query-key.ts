/** Cache key of `GET /api/me`, on its own so the sign-in page can drop the answer without loading member.tsx. */
export const meQueryKey = ["me"] as const;
