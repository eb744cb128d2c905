import type { Member } from "@helio/shared";
import { API } from "@helio/shared/paths";
import { useLingui } from "@lingui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useContext, useEffect, useRef } from "react";
import { apiFetch } from "./api.ts";
import { activateLocale, type Locale } from "./i18n.ts";
import { MemberContext, meQueryKey } from "./member.tsx";
import { lazySchema } from "./schemas.ts";

/**
 * Switches the screens to `locale` at once (no data is fetched again) and, for a signed-in member,
 * keeps it on the account too, so that mail, notifications and their other devices follow.
 */
export function useChooseLocale(): (locale: Locale) => Promise<void> {
  const member = useContext(MemberContext);
  const queryClient = useQueryClient();
  return useCallback(
    async (locale: Locale) => {
      await activateLocale(locale);
      if (!member || member.impersonatedBy || member.locale === locale) return;
      const updated = await apiFetch<Member>(API.profileLocale, {
        method: "PUT",
        body: { locale },
        schema: lazySchema("memberSchema"),
      });
      queryClient.setQueryData(meQueryKey, updated);
    },
    [member, queryClient],
  );
}

/**
 * Signing in applies the account's language (chosen on another device, or before): once per
 * account choice, so a language picked on this screen since is not undone.
 */
export function useAccountLocale(member: Member | null | undefined): void {
  const { i18n } = useLingui();
  const applied = useRef<string | null>(null);
  const accountLocale = member?.locale ?? null;
  useEffect(() => {
    if (!accountLocale || applied.current === accountLocale) return;
    applied.current = accountLocale;
    if (i18n.locale !== accountLocale) void activateLocale(accountLocale);
  }, [accountLocale, i18n]);
}
