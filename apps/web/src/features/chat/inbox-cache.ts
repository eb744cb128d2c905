import type { adminChatsResponseSchema, WsServerMessage } from "@helio/shared";
import type { z } from "@helio/shared/zod";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { LiveMessages } from "../../lib/live-updates.ts";
import { chatKeys } from "./keys.ts";

/**
 * The support inbox's lists, kept current from the live messages themselves: `chat.message`
 * carries the chat, the message and the new unread count, which is all a listed chat shows, so a
 * message to a chat already listed costs no request. Only a list the chat is missing from (a new
 * conversation, or one below the first page) is read again, once: every reader of that list
 * shares the one request. Applying a message twice changes nothing the second time.
 */

type Inbox = z.infer<typeof adminChatsResponseSchema>;
type Item = Inbox["items"][number];

/** Newest first, as the server orders them (date, then chat id, both descending). */
const newerFirst = (a: Item, b: Item) =>
  a.date === b.date ? (a.chatId < b.chatId ? 1 : a.chatId > b.chatId ? -1 : 0) : a.date < b.date ? 1 : -1;

/**
 * Changes `chatId` in every cached inbox list with `change` (given the listed chat, answering
 * the new one, or null for no change); lists without the chat are read again when `missing` says so.
 */
function updateLists(
  queryClient: QueryClient,
  chatId: string,
  change: (item: Item) => Item | null,
  missing: (inbox: Inbox) => boolean,
) {
  const stale: QueryKey[] = [];
  for (const [key, inbox] of queryClient.getQueriesData<Inbox>({ queryKey: chatKeys.inbox })) {
    if (!inbox) continue;
    const item = inbox.items.find((i) => i.chatId === chatId);
    if (!item) {
      if (missing(inbox)) stale.push(key);
      continue;
    }
    const next = change(item);
    if (!next) continue;
    const items = inbox.items.map((i) => (i === item ? next : i)).sort(newerFirst);
    queryClient.setQueryData<Inbox>(key, {
      ...inbox,
      items,
      unreadTotal: inbox.unreadTotal + next.unread - item.unread,
    });
  }
  for (const queryKey of stale) {
    // A read already under way answers for this change too: no second request, none cancelled.
    void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
  }
}

/** Support read `chatId` (here or in another tab): its unread count goes to zero in the lists. */
export function markInboxChatRead(queryClient: QueryClient, chatId: string) {
  updateLists(
    queryClient,
    chatId,
    (item) => (item.unread === 0 ? null : { ...item, unread: 0 }),
    // Not listed: its unread messages are in the total all the same, by an unknown number.
    (inbox) => inbox.unreadTotal > 0,
  );
}

/** A live `chat.message` or `chat.read` as the support inbox sees it. */
export function applyInboxMessage(queryClient: QueryClient, message: WsServerMessage) {
  if (message.type === "chat.message") {
    const { chatId, message: sent, unread } = message;
    updateLists(
      queryClient,
      chatId,
      (item) =>
        // A message older than the one listed (a late delivery) leaves the preview as it is.
        sent.date < item.date
          ? { ...item, unread }
          : { ...item, lastMessage: { text: sent.text, hasImage: sent.img !== null }, date: sent.date, unread },
      () => true,
    );
  } else if (message.type === "chat.read" && message.side === "support") {
    markInboxChatRead(queryClient, message.chatId);
  }
  // The member reading support's answers changes nothing the inbox shows.
}

/** The live messages that keep the inbox lists current (for `useLiveUpdates`). */
export function subscribeInbox(queryClient: QueryClient, live: LiveMessages): (() => void)[] {
  const apply = (message: WsServerMessage) => applyInboxMessage(queryClient, message);
  return [live.subscribe("chat.message", apply), live.subscribe("chat.read", apply)];
}
