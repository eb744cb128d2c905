import type { NotificationPreferences, OptionalEmailKind, UpdateNotificationPreferences } from "@helio/shared";
import { API } from "@helio/shared/paths";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { readQuery } from "../../lib/query.ts";
import { lazySchema } from "../../lib/schemas.ts";

/**
 * The e-mail preferences: only /profile uses them. The shell imports this feature (for the bell), so
 * this module must not run anything when loaded, or the bundler puts it in every signed-in first
 * load: hence the query is a function, and the key is not in `notificationKeys` (cache.ts).
 */
export const preferencesKey = ["notifications", "preferences"] as const;

/** `GET /api/notifications/preferences`: one switch per optional kind. */
export function notificationPreferencesQuery() {
  return readQuery(preferencesKey, API.notificationPreferences, lazySchema("notificationPreferencesSchema"));
}

type EmailChoices = UpdateNotificationPreferences["email"];

/** `choices` laid over the cached preferences (only the kinds it names). */
function withChoices(old: NotificationPreferences | undefined, choices: EmailChoices) {
  return old ? { ...old, email: { ...old.email, ...choices } } : old;
}

/** The kinds `choices` names, each with its value in `from`. */
function pick(from: NotificationPreferences["email"], choices: EmailChoices): EmailChoices {
  return Object.fromEntries((Object.keys(choices) as OptionalEmailKind[]).map((kind) => [kind, from[kind]]));
}

/**
 * `PUT /api/notifications/preferences` with only the switches changed (`{ email: { kind: on } }`).
 * The switch moves at once; a failure puts back what it was. Only the kinds sent are taken from the
 * answer (when it is the preferences), so two switches changed quickly do not undo each other.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = preferencesKey;
  return useMutation({
    mutationKey: key,
    mutationFn: (email: EmailChoices) =>
      apiFetch<unknown>(API.notificationPreferences, { method: "PUT", body: { email } }),
    onMutate: async (email) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      queryClient.setQueryData<NotificationPreferences>(key, (old) => withChoices(old, email));
      return { before };
    },
    onSuccess: async (answer, email) => {
      const parsed = (await lazySchema("notificationPreferencesSchema")()).safeParse(answer);
      if (parsed.success) {
        queryClient.setQueryData<NotificationPreferences>(key, (old) =>
          withChoices(old, pick(parsed.data.email, email)),
        );
      }
    },
    onError: (_error, email, context) => {
      if (context?.before) {
        const before = context.before.email;
        queryClient.setQueryData<NotificationPreferences>(key, (old) => withChoices(old, pick(before, email)));
      }
    },
  });
}
