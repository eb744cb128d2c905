import { z } from "./zod.ts";

/**
 * The languages Helio speaks to its members (docs/architecture.md, "Languages"): the web's screens,
 * and the account's choice that mail and notifications follow. `en` is the default.
 */
export const LOCALES = ["en", "ms", "id", "zh-Hans", "ko", "ja", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const localeSchema = z.enum(LOCALES);

/** `PUT /api/profile/locale`: the language the member chose, kept on the account. */
export const updateLocaleSchema = z.object({ locale: localeSchema });
export type UpdateLocaleInput = z.infer<typeof updateLocaleSchema>;
