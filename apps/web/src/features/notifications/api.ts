import {
  API,
  type MarkNotificationsRead,
  markNotificationsReadResponseSchema,
  type NotificationsResponse,
} from "@helio/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { applyUnreadCount, notificationKeys, readInLists } from "./cache.ts";

/**
 * The notifications' queries and mutations, in one place. The list queries and the live updates are
 * in `cache.ts` (loaded with the bell, on every signed-in page), the e-mail preferences in
 * `preferences.ts` (loaded with /profile); what is defined here loads with the panel or the page.
 */
export {
  LATEST,
  latestNotificationsQuery,
  type NotificationsFilter,
  notificationKeys,
  notificationsQuery,
  useNotificationsLive,
} from "./cache.ts";
export { notificationPreferencesQuery, useUpdateNotificationPreferences } from "./preferences.ts";

/**
 * This tab marks notifications read (`"all"` or by id): every cached list shows it at once, before
 * the server answers. An item read in an unread-only list stays where it is (read now) until the
 * list is next shown, so nothing jumps under the pointer.
 */
export function markReadInCache(queryClient: QueryClient, which: readonly string[] | "all", readAt: string) {
  if (which === "all") {
    readInLists(queryClient, "all", readAt, () => 0);
    return;
  }
  // How many of them were unread, as any cached list knows them.
  const ids = new Set(which);
  const wereUnread = new Set<string>();
  for (const [, list] of queryClient.getQueriesData<NotificationsResponse>({ queryKey: notificationKeys.lists })) {
    for (const item of list?.items ?? []) if (ids.has(item.id) && !item.readAt) wereUnread.add(item.id);
  }
  if (wereUnread.size > 0)
    readInLists(queryClient, wereUnread, readAt, (count) => Math.max(0, count - wereUnread.size));
}

/**
 * `POST /api/notifications/read` with `{ ids }` (one or a few) or `{ all: true }`. The cache shows
 * them read at once; the answer's unread count then holds everywhere. A failure reads the lists
 * again, so nothing shows read that is not.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsRead) =>
      apiFetch(API.notificationsRead, { method: "POST", body, schema: markNotificationsReadResponseSchema }),
    onMutate: (body) => markReadInCache(queryClient, body.all ? "all" : (body.ids ?? []), new Date().toISOString()),
    onSuccess: (answer) => applyUnreadCount(queryClient, answer.unreadCount),
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.lists }),
  });
}
