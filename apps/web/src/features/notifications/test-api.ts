import { API, type Notification } from "@helio/shared";
import { vi } from "vitest";

/** For the tests: a notification of the member, unread unless `readAt` says otherwise. */
export function sampleNotification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: "deposit.approved",
    title: `Deposit ${id} approved`,
    body: `Your deposit ${id} of 100.00 USD was approved.`,
    link: `/invoice-balance/${id}`,
    createdAt: "2026-03-03T10:00:00.000Z",
    readAt: null,
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stubs `fetch` with the notifications API over `items` (newest first): the paged list (with
 * `unread=true`), mark-read (ids or all) and the preferences (GET, and PUT answering them). Every
 * request is kept in `calls`; `lists()` counts the reads of the list.
 */
export function stubNotificationsApi(
  items: Notification[],
  preferences: Record<string, boolean> = {
    "deposit.approved": true,
    "deposit.rejected": true,
    "withdrawal.paid": true,
    "withdrawal.rejected": true,
    "kyc.approved": true,
    "kyc.rejected": true,
  },
) {
  const calls: ApiCall[] = [];
  const state = { items: [...items], email: { ...preferences } };
  const unreadCount = () => state.items.filter((item) => item.readAt === null).length;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const address = new URL(url, "http://localhost");
      if (address.pathname === API.notifications && method === "GET") {
        const page = Number(address.searchParams.get("page") ?? 1);
        const pageSize = Number(address.searchParams.get("pageSize") ?? 20);
        const unread = address.searchParams.get("unread") === "true";
        const listed = unread ? state.items.filter((item) => item.readAt === null) : state.items;
        return json({
          items: listed.slice((page - 1) * pageSize, page * pageSize),
          total: listed.length,
          page,
          pageSize,
          unreadCount: unreadCount(),
        });
      }
      if (address.pathname === API.notificationsRead && method === "POST") {
        const { ids, all } = body as { ids?: string[]; all?: true };
        const readAt = "2026-03-03T12:00:00.000Z";
        state.items = state.items.map((item) =>
          item.readAt === null && (all || ids?.includes(item.id)) ? { ...item, readAt } : item,
        );
        return json({ unreadCount: unreadCount() });
      }
      if (address.pathname === API.notificationPreferences) {
        if (method === "PUT") Object.assign(state.email, (body as { email: Record<string, boolean> }).email);
        return json({ email: state.email });
      }
      return json({ error: { code: "NOT_FOUND", message: url } }, 404);
    }),
  );
  return {
    calls,
    /** How often the list was read. */
    lists: () => calls.filter((call) => call.method === "GET" && call.url.startsWith(`${API.notifications}?`)).length,
    /** The bodies of the mark-read requests. */
    reads: () => calls.filter((call) => call.url === API.notificationsRead).map((call) => call.body),
  };
}
