import type { Chat, ChatMessage, ChatMessagesPage, WsChatAck, WsServerMessage } from "@helio/shared";
import { API } from "@helio/shared/paths";
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
} from "@tanstack/react-query";
import { ApiError, apiFetch } from "../../lib/api.ts";
import { useLiveUpdates } from "../../lib/live-updates.ts";
import { lazySchema } from "../../lib/schemas.ts";
import { applySettingsMessage } from "../../lib/settings.ts";
import { uploadFile } from "../../lib/upload.ts";
import { liveSocket } from "../../lib/ws.ts";
import { markInboxChatRead, subscribeInbox } from "./inbox-cache.ts";
import { chatKeys } from "./keys.ts";
import { withMessage } from "./model.ts";

/** The member's own chat, or one chat of the support inbox. */
export type ChatScope = { kind: "member" } | { kind: "admin"; chatId: string };
export type MessagesData = InfiniteData<ChatMessagesPage, string | undefined>;

function pathsOf(scope: ChatScope) {
  return scope.kind === "member"
    ? { messages: API.chatMessages, images: API.chatImages, read: API.chatRead }
    : {
        messages: API.adminChatMessages(scope.chatId),
        images: API.adminChatImages(scope.chatId),
        read: API.adminChatRead(scope.chatId),
      };
}

/** Unread messages from support, for the chat button (does not create the chat). */
export const chatUnreadQuery = queryOptions({
  queryKey: chatKeys.unread,
  queryFn: ({ signal }) => apiFetch(API.chatUnread, { schema: lazySchema("chatUnreadSchema"), signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The member's chat (created with both index entries on first load). */
export const memberChatQuery = queryOptions({
  queryKey: chatKeys.member,
  queryFn: ({ signal }) => apiFetch(API.chat, { schema: lazySchema("chatSchema"), signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function adminChatQuery(chatId: string) {
  return queryOptions({
    queryKey: chatKeys.adminChat(chatId),
    queryFn: ({ signal }) => apiFetch(API.adminChat(chatId), { schema: lazySchema("adminChatDetailSchema"), signal }),
    staleTime: 30_000,
  });
}

export function inboxQuery(search: string) {
  return queryOptions({
    queryKey: chatKeys.inboxSearch(search),
    queryFn: ({ signal }) =>
      apiFetch(API.adminChats, {
        query: { search: search || undefined, pageSize: 100 },
        schema: lazySchema("adminChatsResponseSchema"),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Pages of messages, newest page first; the next page is older (`before` the oldest shown). */
export function messagesQuery(scope: ChatScope) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(scope),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(pathsOf(scope).messages, {
        query: { before: pageParam },
        schema: lazySchema("chatMessagesResponseSchema"),
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items[0]?.id : undefined),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The chat id of a member, for support to open it (the chat is created when missing). */
export function memberChatIdFor(uid: string) {
  return apiFetch(API.adminMemberChat(uid), { schema: lazySchema("adminMemberChatSchema") }).then(
    (answer) => answer.chatId,
  );
}

/**
 * The support inbox's unread total, for the admin navigation. While mounted (the whole back
 * office), the live messages keep every cached inbox list current: this is the one place that
 * listens for them, so the inbox page adds no second reader.
 */
export function useInboxUnread(enabled: boolean): number {
  const inbox = useQuery({ ...inboxQuery(""), enabled });
  useLiveUpdates(subscribeInbox, chatKeys.inbox);
  return inbox.data?.unreadTotal ?? 0;
}

export function uploadChatImage(scope: ChatScope, file: File, onProgress: (percent: number) => void) {
  return uploadFile<unknown>(pathsOf(scope).images, file, { field: "file", onProgress }).then(async (answer) =>
    (await lazySchema("chatImageUploadResponseSchema")()).parse(answer),
  );
}

type SendBody = { id: string; text: string; image?: string | undefined };

function postChatMessage(scope: ChatScope, body: SendBody) {
  return apiFetch<ChatMessage>(pathsOf(scope).messages, {
    method: "POST",
    body,
    schema: lazySchema("chatMessageSchema"),
  });
}

/** How long a send over the socket waits for its ack before trying POST (same id: stored once). */
const ACK_TIMEOUT_MS = 8_000;
const ACK_STATUS: Record<string, number> = { VALIDATION_FAILED: 400, NOT_FOUND: 404, CONFLICT: 409, RATE_LIMITED: 429 };

/** Sends waiting for their `chat.ack`, by message id. */
const awaitingAck = new Map<string, { done: (ack: WsChatAck | null) => void }>();
/** The server reads a socket's messages once it said `ready`; before that, sends go by POST. */
let socketReady = liveSocket.status === "open";
liveSocket.subscribe("ready", () => {
  socketReady = true;
});
liveSocket.subscribe("chat.ack", (ack) => awaitingAck.get(ack.id)?.done(ack));
// A socket that closes loses the acks: those sends go over POST instead.
liveSocket.onStatus((status) => {
  if (status === "open") return;
  socketReady = false;
  for (const waiter of [...awaitingAck.values()]) waiter.done(null);
});

/** Over the socket: the ack, or null when the socket could not deliver it (closed, no answer). */
function sendOverSocket(scope: ChatScope, body: SendBody): Promise<WsChatAck | null> {
  if (awaitingAck.has(body.id)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(null), ACK_TIMEOUT_MS);
    const finish = (ack: WsChatAck | null) => {
      clearTimeout(timer);
      awaitingAck.delete(body.id);
      resolve(ack);
    };
    awaitingAck.set(body.id, { done: finish });
    const sent = liveSocket.send({
      type: "chat.send",
      id: body.id,
      ...(scope.kind === "admin" ? { chatId: scope.chatId } : {}),
      text: body.text,
      ...(body.image ? { img: body.image } : {}),
    });
    if (!sent) finish(null);
  });
}

/**
 * Sends a message: over the live socket when it is open (cheaper for the server), else by POST.
 * A send the socket could not confirm is posted again with the same id (stored once). Errors
 * are ApiErrors either way.
 */
export async function sendChatMessage(scope: ChatScope, body: SendBody): Promise<ChatMessage> {
  if (socketReady && liveSocket.status === "open") {
    const ack = await sendOverSocket(scope, body);
    if (ack?.ok && ack.message) return ack.message;
    if (ack && !ack.ok) {
      const error = ack.error ?? { code: "INTERNAL", message: "The message was not sent." };
      const field = error.field === "img" ? "image" : error.field;
      throw new ApiError(
        ACK_STATUS[error.code] ?? 500,
        error.code,
        error.message,
        field ? [{ field, message: error.message }] : [],
      );
    }
  }
  return postChatMessage(scope, body);
}

export async function markChatRead(queryClient: QueryClient, scope: ChatScope) {
  const answer = await apiFetch(pathsOf(scope).read, { method: "POST", schema: lazySchema("chatReadResponseSchema") });
  setOwnUnread(queryClient, scope, 0);
  if (scope.kind === "admin") markInboxChatRead(queryClient, scope.chatId);
  return answer;
}

function setOwnUnread(queryClient: QueryClient, scope: ChatScope, unread: number) {
  if (scope.kind === "member") {
    queryClient.setQueryData(chatKeys.unread, { unread });
    queryClient.setQueryData<Chat>(chatKeys.member, (chat) => (chat ? { ...chat, unread } : chat));
  } else {
    queryClient.setQueryData(chatKeys.adminChat(scope.chatId), (chat: Chat | undefined) =>
      chat ? { ...chat, unread } : chat,
    );
  }
}

/**
 * Puts a message into the conversation's cached pages (once). False when there are none yet: the first
 * page may still be on its way, read before this message was stored.
 */
export function addMessageToCache(queryClient: QueryClient, scope: ChatScope, message: ChatMessage): boolean {
  let added = false;
  queryClient.setQueryData<MessagesData>(chatKeys.messages(scope), (data) => {
    if (!data) return data;
    added = true;
    return { ...data, pages: withMessage(data.pages, message) };
  });
  return added;
}

/**
 * Adds a message to the conversation. When its first page has not arrived, the page on its way
 * may have been read before the message was stored, so that read is dropped and, where the
 * conversation is on screen, the page is read again; resolves once that read has answered.
 */
export async function settleMessageInCache(queryClient: QueryClient, scope: ChatScope, message: ChatMessage) {
  if (addMessageToCache(queryClient, scope, message)) return;
  const filters = { queryKey: chatKeys.messages(scope), exact: true };
  await queryClient.cancelQueries(filters);
  await queryClient.refetchQueries({ ...filters, type: "active" });
  addMessageToCache(queryClient, scope, message);
}

/**
 * Applies a live chat message from /api/ws to the cache. `side` is the side of this browser:
 * a member sees their one chat, an admin the support inbox (whose lists `useInboxUnread` keeps).
 */
export function applyLiveChatMessage(queryClient: QueryClient, side: "member" | "support", message: WsServerMessage) {
  if (message.type === "chat.message") {
    const scope: ChatScope = side === "member" ? { kind: "member" } : { kind: "admin", chatId: message.chatId };
    void settleMessageInCache(queryClient, scope, message.message);
    setOwnUnread(queryClient, scope, message.unread);
  } else if (message.type === "chat.read") {
    const scope: ChatScope = side === "member" ? { kind: "member" } : { kind: "admin", chatId: message.chatId };
    if (message.side === side) setOwnUnread(queryClient, scope, 0);
    else {
      const key = side === "member" ? chatKeys.member : chatKeys.adminChat(message.chatId);
      queryClient.setQueryData(key, (chat: Chat | undefined) =>
        chat ? { ...chat, otherReadAt: message.readAt } : chat,
      );
    }
  } else if (message.type === "settings.updated") {
    void applySettingsMessage(queryClient, message.settings);
  }
}
