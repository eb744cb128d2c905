import type { Currency, PublicSettings, RateQuote } from "@helio/shared";
import { API } from "@helio/shared/paths";
import { quoteFromRates, rateFor } from "@helio/shared/values";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { useContext } from "react";
import { apiFetch } from "./api.ts";
import { applyLiveData } from "./live-data.ts";
import { MemberContext } from "./member.tsx";
import { lazySchema } from "./schemas.ts";

/** The one cache entry for `GET /api/settings`. */
export const publicSettingsKey = ["settings", "public"] as const;

/** `GET /api/settings` (menuContact, rates), read once; the `settings.updated` message keeps it current. */
export const publicSettingsQuery = queryOptions({
  queryKey: publicSettingsKey,
  queryFn: ({ signal }) => apiFetch(API.settings, { schema: lazySchema("publicSettingsSchema"), signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export { rateFor };

/**
 * A `settings.updated` message replaces the cached settings; a read on its way, perhaps answered
 * before the save, is made again rather than let land after it (`applyLiveData`).
 */
export function applySettingsMessage(queryClient: QueryClient, settings: PublicSettings): Promise<void> {
  return applyLiveData(queryClient, publicSettingsKey, () => settings);
}

export interface DisplayCurrency {
  currency: Currency;
  /** Multiplier from USD; null while the rates load (or when the settings lack this currency). */
  rate: number | null;
  /** The exact rate as a quote (USD: "1"), what a typed local amount is sent with; null like `rate`. */
  quote: RateQuote | null;
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
  const rates = settings.data?.rates;
  return {
    currency: shown,
    rate: rateFor(rates, shown),
    quote: quoteFromRates(rates, shown),
    isLoading: settings.isLoading,
  };
}

/** The currency a member types amounts in, and its current quote (null while the rates load). */
export interface MemberQuote {
  currency: Currency;
  quote: RateQuote | null;
}

/**
 * The signed-in member's currency and current rate: what the money forms take amounts in and
 * send with. Live: the `settings.updated` message and a RATE_CHANGED answer (`applyRateQuote`)
 * update the same cache.
 */
export function useMemberQuote(): MemberQuote {
  const { currency, quote } = useDisplayCurrency();
  return { currency, quote };
}
