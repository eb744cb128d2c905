import { type PublicSettings, type RateQuote, rateQuoteSchema } from "@helio/shared";
import type { QueryClient } from "@tanstack/react-query";
import { publicSettingsKey } from "./settings.ts";

/**
 * Puts the rate a RATE_CHANGED answer names into effect at once: the form then shows the new USD
 * equivalent and sends that rate. Only that currency changes; `settings.updated` brings the rest.
 */
export function applyRateQuote(queryClient: QueryClient, quote: RateQuote): void {
  const parsed = rateQuoteSchema.safeParse(quote);
  if (!parsed.success || parsed.data.currency === "USD") return;
  const { currency, rate } = parsed.data;
  const old = queryClient.getQueryData<PublicSettings>(publicSettingsKey);
  // Nothing cached to correct (or not this currency): read the settings, which hold the new rate.
  if (!old?.rates.some((r) => r.name === currency)) {
    void queryClient.invalidateQueries({ queryKey: publicSettingsKey });
    return;
  }
  queryClient.setQueryData<PublicSettings>(publicSettingsKey, {
    ...old,
    rates: old.rates.map((r) => (r.name === currency ? { ...r, value: Number(rate), decimal: rate } : r)),
  });
}
