import type { Notification, NotificationsResponse } from "@helio/shared";
import { API } from "@helio/shared/paths";
import type { QueryClient } from "@tanstack/react-query";
import { type LiveMessages, useLiveUpdates } from "../../lib/live-updates.ts";
import { pagedQuery } from "../../lib/query.ts";
import { lazySchema } from "../../lib/schemas.ts";

/**
 * The notification lists in the cache and how they follow the server. The bell (on every signed-in
 * page) needs only this module; the mutations (`api.ts`) load with the panel or the page, and the
 * e-mail preferences (`preferences.ts`) with /profile.
 *
 * Every cached list carries the member's `unreadCount`: whatever learns a new count (a live message,
 * a mark-read answer) writes it into all of them, so the bell and the page never disagree.
 */

/** One page of the list: 1-based page, its size, and whether only unread ones are listed. */
export interface NotificationsFilter {
  page: number;
  pageSize: number;
  unread: boolean;
}

export const notificationKeys = {
  all: ["notifications"] as const,
  /** Every cached page of the list, whatever its filter. */
  lists: ["notifications", "list"] as const,
  list: (filter: NotificationsFilter) => ["notifications", "list", filter] as const,
  // The e-mail preferences are under ["notifications", "preferences"] (`preferencesKey`, preferences.ts).
};

/** `GET /api/notifications?page&pageSize[&unread=true]`: one page, newest first, with the unread count. */
export function notificationsQuery(filter: NotificationsFilter) {
  return pagedQuery(notificationKeys.list(filter), API.notifications, lazySchema("notificationsResponseSchema"), {
    page: filter.page,
    pageSize: filter.pageSize,
    unread: filter.unread ? "true" : undefined,
  });
}

/** What the bell shows: the unread count and the latest few (its panel lists them). */
export const LATEST: NotificationsFilter = { page: 1, pageSize: 5, unread: false };

/** The bell's read: kept current by the live messages (a reconnect reads it again), so never stale by time. */
export const latestNotificationsQuery = {
  ...notificationsQuery(LATEST),
  staleTime: Number.POSITIVE_INFINITY,
};

type Change = { next?: NotificationsResponse; stale?: boolean };

/**
 * Rewrites every cached list with `change`. A list marked `stale` keeps what it shows until it is
 * next shown (or the window regains focus): it is not read again now, so that one message costs no
 * request.
 */
function updateLists(
  queryClient: QueryClient,
  change: (list: NotificationsResponse, filter: NotificationsFilter) => Change,
) {
  for (const [key, list] of queryClient.getQueriesData<NotificationsResponse>({ queryKey: notificationKeys.lists })) {
    const filter = key[2] as NotificationsFilter | undefined;
    if (!list || !filter) continue;
    const { next, stale } = change(list, filter);
    // Setting data clears the stale mark: a list stale before stays so.
    const wasStale = queryClient.getQueryState(key)?.isInvalidated;
    if (next && next !== list) queryClient.setQueryData(key, next);
    if (stale || wasStale) void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: "none" });
  }
}

/**
 * Notifications read in every cached list: `"all"`, or those in `ids`, at `readAt` (unless they were
 * already), with the unread count `count` makes of the list's. An unread-only list is empty once
 * all are read; with only some read it keeps them in place (read now) until it is next shown.
 */
export function readInLists(
  queryClient: QueryClient,
  ids: ReadonlySet<string> | "all",
  readAt: string,
  count: (unreadCount: number) => number,
) {
  updateLists(queryClient, (list, filter) => {
    if (ids === "all" && filter.unread) return { next: { ...list, items: [], total: 0, unreadCount: 0 } };
    const items = list.items.map((item) =>
      !item.readAt && (ids === "all" || ids.has(item.id)) ? { ...item, readAt } : item,
    );
    return { next: { ...list, items, unreadCount: count(list.unreadCount) }, stale: filter.unread };
  });
}

/**
 * A live `notification`: the new count everywhere, the notification on top of each cached first
 * page (once, however often it arrives: one already listed is not added again). A later page shifts
 * by one: its total changes now, its items when it is next shown.
 */
export function applyNewNotification(queryClient: QueryClient, notification: Notification, unreadCount: number) {
  // Already listed somewhere: a second delivery, which only the count may change.
  const known = queryClient
    .getQueriesData<NotificationsResponse>({ queryKey: notificationKeys.lists })
    .some(([, list]) => list?.items.some((item) => item.id === notification.id));
  updateLists(queryClient, (list, filter) => {
    const counted = { ...list, unreadCount };
    if (known || (filter.unread && notification.readAt)) return { next: counted };
    const total = list.total + 1;
    if (filter.page > 1) return { next: { ...counted, total }, stale: true };
    return { next: { ...counted, total, items: [notification, ...list.items].slice(0, filter.pageSize) } };
  });
}

/**
 * The member's unread count as the server gives it (a `notifications.read` message, or the answer to
 * this tab's own mark-read). None left: every cached item is read. Otherwise a list with the same
 * count is left alone (this tab's own change coming back); in the others, which ones were read is
 * unknown, so they are read again when next shown.
 */
export function applyUnreadCount(queryClient: QueryClient, unreadCount: number, readAt = new Date().toISOString()) {
  if (unreadCount === 0) {
    readInLists(queryClient, "all", readAt, () => 0);
    return;
  }
  updateLists(queryClient, (list) =>
    list.unreadCount === unreadCount ? {} : { next: { ...list, unreadCount }, stale: true },
  );
}

/** The live messages that keep every cached list and the bell current (for `useLiveUpdates`). */
function subscribeNotifications(queryClient: QueryClient, live: LiveMessages): (() => void)[] {
  return [
    live.subscribe("notification", (message) =>
      applyNewNotification(queryClient, message.notification, message.unreadCount),
    ),
    live.subscribe("notifications.read", (message) => applyUnreadCount(queryClient, message.unreadCount)),
  ];
}

/**
 * While mounted (the bell, on every signed-in page): the lists follow the live messages without a
 * request; a reconnect reads the lists shown again. The one listener: the page adds none.
 */
export function useNotificationsLive(): void {
  useLiveUpdates(subscribeNotifications, notificationKeys.lists);
}
