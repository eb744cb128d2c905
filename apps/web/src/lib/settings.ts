import { API, type Currency, publicSettingsSchema, rateFor } from "@helio/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useContext } from "react";
import { apiFetch } from "./api.ts";
import { MemberContext } from "./member.tsx";

/** The same key the chat feature uses: one cache entry for `GET /api/settings`. */
export const publicSettingsKey = ["settings", "public"] as const;

/** `GET /api/settings` (menuContact, rates), read once; the `settings.updated` message keeps it current. */
export const publicSettingsQuery = queryOptions({
  queryKey: publicSettingsKey,
  queryFn: ({ signal }) => apiFetch(API.settings, { schema: publicSettingsSchema, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export { rateFor };

export interface DisplayCurrency {
  currency: Currency;
  /** Multiplier from USD; null while the rates load (or when the settings lack this currency). */
  rate: number | null;
  isLoading: boolean;
}

/**
 * The currency amounts are shown in: `currency` when given, else the signed-in member's (USD when
 * nobody is signed in), with its rate from the settings.
 */
export function useDisplayCurrency(currency?: Currency): DisplayCurrency {
  const member = useContext(MemberContext);
  const shown: Currency = currency ?? member?.currency ?? "USD";
  const settings = useQuery({ ...publicSettingsQuery, enabled: shown !== "USD" && member !== null });
  return { currency: shown, rate: rateFor(settings.data?.rates, shown), isLoading: settings.isLoading };
}
