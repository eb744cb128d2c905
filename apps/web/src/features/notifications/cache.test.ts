import type { NotificationsResponse } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { testQueryClient } from "../../test/render.tsx";
import { markReadInCache } from "./api.ts";
import { applyNewNotification, applyUnreadCount, type NotificationsFilter, notificationKeys } from "./cache.ts";
import { sampleNotification } from "./test-api.ts";

const READ = "2026-03-01T00:00:00.000Z";
const NOW = "2026-03-03T12:00:00.000Z";

/** A query client holding these pages of the list. */
function cached(lists: [NotificationsFilter, Omit<NotificationsResponse, "page" | "pageSize">][]) {
  const client = testQueryClient();
  for (const [filter, list] of lists) {
    client.setQueryData(notificationKeys.list(filter), { ...list, page: filter.page, pageSize: filter.pageSize });
  }
  const get = (filter: NotificationsFilter) =>
    client.getQueryData<NotificationsResponse>(notificationKeys.list(filter)) as NotificationsResponse;
  const isStale = (filter: NotificationsFilter) =>
    client.getQueryCache().find({ queryKey: notificationKeys.list(filter), exact: true })?.state.isInvalidated;
  return { client, get, isStale };
}

const first = { page: 1, pageSize: 2, unread: false };
const second = { page: 2, pageSize: 2, unread: false };
const unreadOnly = { page: 1, pageSize: 20, unread: true };

function threeLists() {
  const a = sampleNotification("a");
  const b = sampleNotification("b", { readAt: READ });
  const c = sampleNotification("c");
  return cached([
    [{ ...first }, { items: [a, b], total: 3, unreadCount: 2 }],
    [{ ...second }, { items: [c], total: 3, unreadCount: 2 }],
    [{ ...unreadOnly }, { items: [a, c], total: 2, unreadCount: 2 }],
  ]);
}

describe("the notification lists in the cache", () => {
  it("takes a new notification on top of each first page, once; a later page only counts it", () => {
    const { client, get, isStale } = threeLists();
    const fresh = sampleNotification("n");
    applyNewNotification(client, fresh, 3);
    applyNewNotification(client, fresh, 3);
    expect(get(first).items.map((i) => i.id)).toEqual(["n", "a"]);
    expect(get(first)).toMatchObject({ total: 4, unreadCount: 3 });
    expect(get(unreadOnly).items.map((i) => i.id)).toEqual(["n", "a", "c"]);
    expect(get(second)).toMatchObject({ total: 4, unreadCount: 3 });
    expect(get(second).items.map((i) => i.id)).toEqual(["c"]);
    // Shifted by one: read again when it is next shown, not now.
    expect(isStale(second)).toBe(true);
  });

  it("takes the count of a read elsewhere; none left reads every item and empties the unread-only lists", () => {
    const { client, get, isStale } = threeLists();
    applyUnreadCount(client, 2, NOW);
    expect(isStale(first)).toBe(false);
    applyUnreadCount(client, 1, NOW);
    expect(get(first).unreadCount).toBe(1);
    expect(get(first).items[0]?.readAt).toBeNull();
    expect(isStale(first)).toBe(true);
    applyUnreadCount(client, 0, NOW);
    expect(get(first).items.map((i) => i.readAt)).toEqual([NOW, READ]);
    expect(get(second).items.map((i) => i.readAt)).toEqual([NOW]);
    expect(get(unreadOnly)).toMatchObject({ items: [], total: 0, unreadCount: 0 });
  });

  it("marks one read at once everywhere it is listed, counting it once", () => {
    const { client, get } = threeLists();
    markReadInCache(client, ["a", "b"], NOW);
    expect(get(first).items.map((i) => i.readAt)).toEqual([NOW, READ]);
    expect(get(first).unreadCount).toBe(1);
    // Still listed under "unread only" (read now) until that list is shown again.
    expect(get(unreadOnly).items.map((i) => [i.id, i.readAt])).toEqual([
      ["a", NOW],
      ["c", null],
    ]);
    expect(get(unreadOnly).unreadCount).toBe(1);
    markReadInCache(client, ["a"], NOW);
    expect(get(second).unreadCount).toBe(1);
  });
});
