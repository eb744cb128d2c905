import { randomUUID } from "node:crypto";
import {
  type AdminChatDetail,
  type AdminChatListItem,
  API,
  type Chat,
  type ChatMessage,
  chatIdOf,
  chatIdSchema,
  type SendChatMessageInput,
  sendChatMessageSchema,
  type WsChatAck,
  type WsChatSend,
  type WsServerMessage,
} from "@helio/shared";
import type { Config } from "../../config.ts";
import type { Db, Executor } from "../../db/client.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import type { FileStorage } from "../../platform/storage/storage.ts";
import { kycStatusOf } from "../kyc/service.ts";
import { getMemberBalances } from "../ledger/service.ts";
import { checkChatImage, imageKey } from "./images.ts";
import {
  attachImage,
  type ChatRow,
  commitChatAsynchronously,
  deleteAbandonedImages,
  ensureChatRows,
  findChat,
  findImage,
  findIndexEntries,
  findMemberSummary,
  findMessage,
  findSupportId,
  findUnread,
  findUserInfos,
  insertImage,
  insertMessage,
  listAdminIds,
  listInbox,
  listMessages,
  lockIndexEntries,
  type MessageRow,
  markRead,
  sendTextMessage,
  type UserInfo,
  updateIndexEntries,
} from "./queries.ts";

export type ChatSide = "member" | "support";
export type ChatRef = Pick<ChatRow, "id" | "memberId" | "supportId">;
export type ChatActor = { uid: string; side: ChatSide };
type Deps = { db: Db; realtime: Realtime; storage: FileStorage; config: Config };

const ADMIN_IDS_TTL_MS = 30_000;
/** Images uploaded but never sent are removed after this long. */
const ABANDONED_IMAGE_MS = 24 * 3600_000;

export function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    text: row.text,
    img: row.imageName ? API.chatImage(row.imageName) : null,
    date: row.createdAt.toISOString(),
  };
}

/** Whether `uid` may send one more message now (counts it); the POST routes' per-user limit. */
export type SendLimiter = (uid: string) => Promise<boolean>;

/** An error as a `chat.ack` names it: the socket's field names (`img`, not `image`). */
function ackError(error: unknown): NonNullable<WsChatAck["error"]> {
  if (error instanceof AppError) {
    const field = error.fields?.[0]?.field;
    return { code: error.code, message: error.message, ...(field ? { field: field === "image" ? "img" : field } : {}) };
  }
  return { code: "INTERNAL", message: "Something went wrong. Try again." };
}

const rateLimited = () => new AppError(429, "RATE_LIMITED", "Too many messages. Wait a few seconds and try again.");

export type ChatService = ReturnType<typeof createChatService>;

export function createChatService({ db, realtime, storage, config }: Deps) {
  let supportIdCache: string | null = null;
  let adminIdsCache: { ids: string[]; at: number } | null = null;

  /** The fixed support account (the configured admin); it never changes while running. */
  async function supportId(): Promise<string> {
    if (supportIdCache) return supportIdCache;
    const id = await findSupportId(db, config.admin.email);
    if (!id) throw new AppError(404, "NOT_FOUND", "Support is not available.");
    supportIdCache = id;
    return id;
  }

  /** Every admin sees the support inbox live. */
  async function adminIds(): Promise<string[]> {
    if (adminIdsCache && Date.now() - adminIdsCache.at < ADMIN_IDS_TTL_MS) return adminIdsCache.ids;
    const ids = await listAdminIds(db);
    adminIdsCache = { ids, at: Date.now() };
    return ids;
  }

  async function infos(chat: ChatRef): Promise<{ member: UserInfo; support: UserInfo }> {
    const found = await findUserInfos(db, [chat.memberId, chat.supportId]);
    const member = found.get(chat.memberId);
    const support = found.get(chat.supportId);
    if (!member || !support) throw notFound("Chat not found");
    return { member, support };
  }

  /** Chats never change their parties: their refs are kept per process (bounded). */
  const refs = new Map<string, ChatRef>();
  const remember = (chat: ChatRef) => {
    if (refs.size >= 10_000) refs.clear();
    refs.set(chat.id, { id: chat.id, memberId: chat.memberId, supportId: chat.supportId });
    return chat;
  };

  /** The member's chat with support, created with both index entries when missing (docs/product.md §7). */
  async function memberChat(memberId: string): Promise<ChatRef> {
    const sid = await supportId();
    const known = refs.get(chatIdOf(memberId, sid));
    if (known?.memberId === memberId) return known;
    if (memberId === sid) throw notFound("The support account answers from the inbox.");
    const id = chatIdOf(memberId, sid);
    let chat = await findChat(db, id);
    if (!chat) {
      const ref = { id, memberId, supportId: sid };
      const parties = await infos(ref);
      await db.transaction((tx) => ensureChatRows(tx, { id, ...parties }));
      chat = await findChat(db, id);
    }
    // Ids are fixed-length, so a joined id belongs to exactly one pair; checked all the same.
    if (!chat || chat.memberId !== memberId || chat.supportId !== sid) throw notFound("Chat not found");
    return remember(chat);
  }

  async function adminChat(chatId: string): Promise<ChatRef> {
    const known = refs.get(chatId);
    if (known) return known;
    const chat = await findChat(db, chatId);
    if (!chat) throw notFound("Chat not found");
    return remember(chat);
  }

  const ownerOf = (chat: ChatRef, side: ChatSide) => (side === "member" ? chat.memberId : chat.supportId);

  async function view(chat: ChatRef, side: ChatSide): Promise<Chat> {
    const [parties, entries] = await Promise.all([infos(chat), findIndexEntries(db, chat.id)]);
    const mine = entries.find((e) => e.userId === ownerOf(chat, side));
    const theirs = entries.find((e) => e.userId === ownerOf(chat, side === "member" ? "support" : "member"));
    return {
      id: chat.id,
      member: parties.member,
      support: parties.support,
      unread: mine?.unread ?? 0,
      otherReadAt: theirs?.lastReadAt?.toISOString() ?? null,
    };
  }

  /**
   * Pushes to the member's tabs and to every admin's tabs (the support side). `after` goes to one
   * of them right behind their message, in the same event (a sender's acknowledgement); returns
   * whether it went, false when that user is not among them.
   */
  async function publish(
    chat: ChatRef,
    build: (side: ChatSide) => WsServerMessage,
    after?: { uid: string; message: WsServerMessage },
  ): Promise<boolean> {
    const admins = await adminIds();
    const recipients: [string, ChatSide][] = [
      [chat.memberId, "member"],
      ...admins.filter((uid) => uid !== chat.memberId).map((uid): [string, ChatSide] => [uid, "support"]),
    ];
    const bySide = { member: build("member"), support: build("support") };
    await Promise.all(
      recipients.map(([uid, side]) =>
        realtime.toUser(uid, uid === after?.uid ? [bySide[side], after.message] : bySide[side]),
      ),
    );
    return recipients.some(([uid]) => uid === after?.uid);
  }

  /**
   * Stores a message and pushes it to both sides. `ackOf` names what the sender's tabs get right
   * behind it; `acked` says whether it went (not on a replay, which pushes nothing).
   */
  async function send(
    chat: ChatRef,
    sender: ChatActor,
    input: SendChatMessageInput,
    ackOf?: (message: ChatMessage) => WsServerMessage,
  ): Promise<{ message: ChatMessage; replayed: boolean; acked: boolean }> {
    const id = input.id ?? randomUUID();
    const text = (input.text ?? "").trim();
    const image = input.image ?? null;
    const recipientId = sender.side === "member" ? chat.supportId : chat.memberId;
    const taken = async (executor: Executor) => {
      const existing = await findMessage(executor, id);
      if (!existing || existing.chatId !== chat.id || existing.senderId !== sender.uid)
        throw new AppError(409, "CONFLICT", "id: this message id is already used", [
          { field: "id", message: "Already used" },
        ]);
      return { row: existing, replayed: true, unread: null };
    };
    // The common case (text, both index entries there) in one round trip; else the transaction.
    const quick = image
      ? null
      : await sendTextMessage(db, { id, chatId: chat.id, senderId: sender.uid, recipientId, text });
    const result =
      quick?.status === "sent"
        ? { row: quick.row, replayed: false, unread: quick.unread }
        : quick?.status === "taken"
          ? await taken(db)
          : await db.transaction(async (tx) => {
              await commitChatAsynchronously(tx);
              // Both index entries are locked first (in user id order), so messages of a chat are numbered,
              // dated and summarised in the order their senders got the lock.
              if ((await lockIndexEntries(tx, chat.id)) < 2) {
                const parties = await findUserInfos(tx, [chat.memberId, chat.supportId]);
                const member = parties.get(chat.memberId);
                const support = parties.get(chat.supportId);
                if (!member || !support) throw notFound("Chat not found");
                await ensureChatRows(tx, { id: chat.id, member, support });
                await lockIndexEntries(tx, chat.id);
              }
              const inserted = await insertMessage(tx, {
                id,
                chatId: chat.id,
                senderId: sender.uid,
                text,
                imageName: image,
              });
              if (!inserted) return taken(tx);
              if (image && !(await attachImage(tx, image, chat.id, id)))
                throw new AppError(404, "NOT_FOUND", "image: no such image in this chat", [
                  { field: "image", message: "No such image in this chat" },
                ]);
              const entries = await updateIndexEntries(tx, {
                chatId: chat.id,
                recipientId,
                text,
                hasImage: Boolean(image),
                date: inserted.createdAt,
              });
              const unread: Record<string, number> = Object.fromEntries(entries.map((e) => [e.userId, e.unread]));
              return { row: inserted, replayed: false, unread };
            });
    const message = toMessage(result.row);
    let acked = false;
    if (result.unread) {
      const counts = result.unread;
      acked = await publish(
        chat,
        (side) => ({ type: "chat.message", chatId: chat.id, message, unread: counts[ownerOf(chat, side)] ?? 0 }),
        ackOf && { uid: sender.uid, message: ackOf(message) },
      );
    }
    return { message, replayed: result.replayed, acked };
  }

  /**
   * `chat.send` from a socket: the POST routes' rules (validation, per-user limit, who may write
   * where) and then the same `send`. Never throws: the outcome goes back to the sender's tabs as
   * `chat.ack` (in the same event as the `chat.message` itself, right behind it).
   */
  async function sendFromSocket(
    sender: { uid: string; role: "member" | "admin" },
    input: WsChatSend,
    allow: SendLimiter,
  ): Promise<WsChatAck> {
    let ack: WsChatAck;
    try {
      const parsed = sendChatMessageSchema.safeParse({ id: input.id, text: input.text, image: input.img });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? "text");
        const message = issue?.message ?? "Invalid message";
        throw new AppError(400, "VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);
      }
      const body = parsed.data;
      let chat: ChatRef;
      let actor: ChatActor;
      if (sender.role === "admin") {
        if (!chatIdSchema.safeParse(input.chatId).success)
          throw new AppError(400, "VALIDATION_FAILED", "chatId: name the chat to answer", [
            { field: "chatId", message: "Name the chat to answer" },
          ]);
        if (!(await allow(sender.uid))) throw rateLimited();
        chat = await adminChat(input.chatId as string);
        actor = { uid: sender.uid, side: "support" };
      } else {
        if (input.chatId !== undefined && input.chatId !== chatIdOf(sender.uid, await supportId()))
          throw notFound("Chat not found");
        if (!(await allow(sender.uid))) throw rateLimited();
        chat = await memberChat(sender.uid);
        actor = { uid: sender.uid, side: "member" };
      }
      const ackOf = (message: ChatMessage): WsChatAck => ({ type: "chat.ack", id: input.id, ok: true, message });
      const sent = await send(chat, actor, body, ackOf);
      ack = ackOf(sent.message);
      if (sent.acked) return ack;
    } catch (error) {
      ack = { type: "chat.ack", id: input.id, ok: false, error: ackError(error) };
    }
    await realtime.toUser(sender.uid, ack);
    return ack;
  }

  async function read(chat: ChatRef, side: ChatSide): Promise<{ unread: number; readAt: string }> {
    const at = await markRead(db, ownerOf(chat, side), chat.id);
    if (!at) throw notFound("Chat not found");
    const readAt = at.toISOString();
    await publish(chat, () => ({ type: "chat.read", chatId: chat.id, side, readAt }));
    return { unread: 0, readAt };
  }

  async function uploadImage(chat: ChatRef, uploaderId: string, data: Buffer) {
    const checked = await checkChatImage(data);
    await storage.put(imageKey(checked.name), checked.data);
    try {
      await insertImage(db, {
        name: checked.name,
        chatId: chat.id,
        uploaderId,
        mime: checked.mime,
        size: checked.data.length,
      });
    } catch (error) {
      await storage.remove(imageKey(checked.name));
      throw error;
    }
    const abandoned = await deleteAbandonedImages(db, chat.id, new Date(Date.now() - ABANDONED_IMAGE_MS));
    for (const name of abandoned) await storage.remove(imageKey(name));
    return { image: checked.name, url: API.chatImage(checked.name) };
  }

  /** Only the chat's member and the support side (admins) may read an image; others get 404. */
  async function readImage(name: string, requester: { uid: string; role: string | null | undefined }) {
    const image = await findImage(db, name);
    if (!image || (requester.role !== "admin" && image.memberId !== requester.uid)) throw notFound("Not found");
    const data = await storage.read(imageKey(name));
    if (!data) throw notFound("Not found");
    return { data, mime: image.mime };
  }

  /**
   * Typing is coalesced per sender and chat: a signal is forwarded at once when none was in the
   * last second, otherwise the latest state waits for the end of that second and goes then, only
   * if it differs from what the other side was last told. However fast a tab toggles, the other
   * side gets at most about one signal a second, and always ends on the sender's final state.
   */
  const typingStates = new Map<
    string,
    { forwardedAt: number; forwarded: boolean; pending?: boolean; timer?: NodeJS.Timeout }
  >();
  const TYPING_WINDOW_MS = 1_000;

  async function typing(sender: { uid: string; role: "member" | "admin" }, chatId: string, isTyping: boolean) {
    const key = `${sender.uid}:${chatId}`;
    const now = Date.now();
    const state = typingStates.get(key);
    if (state && now - state.forwardedAt < TYPING_WINDOW_MS) {
      state.pending = isTyping;
      if (!state.timer) {
        state.timer = setTimeout(
          () => {
            state.timer = undefined;
            const pending = state.pending;
            state.pending = undefined;
            if (pending === undefined || pending === state.forwarded) return;
            state.forwardedAt = Date.now();
            state.forwarded = pending;
            forwardTyping(sender, chatId, pending).catch(() => undefined);
          },
          state.forwardedAt + TYPING_WINDOW_MS - now,
        );
        state.timer.unref();
      }
      return;
    }
    if (typingStates.size >= 10_000) for (const [k, s] of typingStates) if (!s.timer) typingStates.delete(k);
    typingStates.set(key, { forwardedAt: now, forwarded: isTyping });
    await forwardTyping(sender, chatId, isTyping);
  }

  async function forwardTyping(sender: { uid: string; role: "member" | "admin" }, chatId: string, isTyping: boolean) {
    if (sender.role === "member") {
      const sid = await supportId();
      if (chatId !== chatIdOf(sender.uid, sid)) return;
      const admins = await adminIds();
      await Promise.all(
        admins.map((uid) => realtime.toUser(uid, { type: "chat.typing", chatId, side: "member", typing: isTyping })),
      );
      return;
    }
    const chat = await findChat(db, chatId);
    if (!chat) return;
    await realtime.toUser(chat.memberId, { type: "chat.typing", chatId, side: "support", typing: isTyping });
  }

  async function inbox(query: { search?: string | undefined; page: number; pageSize: number }) {
    const { rows, total, unreadTotal } = await listInbox(db, await supportId(), query);
    const items: AdminChatListItem[] = rows.map((r) => ({
      chatId: r.chatId,
      member: { uid: r.uid, fullName: r.fullName, userName: r.userName ?? "", photoURL: r.photoURL },
      lastMessage: r.lastMessageText === null ? null : { text: r.lastMessageText, hasImage: r.lastMessageHasImage },
      date: r.date.toISOString(),
      unread: r.unread,
    }));
    return { items, total, unreadTotal };
  }

  async function adminDetail(chat: ChatRef): Promise<AdminChatDetail> {
    const [chatView, member, balances, kycStatus] = await Promise.all([
      view(chat, "support"),
      findMemberSummary(db, chat.memberId),
      getMemberBalances(db, chat.memberId),
      kycStatusOf({ db }, chat.memberId),
    ]);
    if (!member) throw notFound("Chat not found");
    return {
      ...chatView,
      summary: {
        uid: member.uid,
        fullName: member.fullName,
        userName: member.userName ?? "",
        email: member.email,
        userTrading: member.userTrading,
        kycStatus,
        walletCents: balances.wallet,
      },
    };
  }

  async function unread(memberId: string): Promise<number> {
    const sid = await supportId();
    if (memberId === sid) return 0;
    return (await findUnread(db, memberId, chatIdOf(memberId, sid))) ?? 0;
  }

  return {
    supportId,
    memberChat,
    adminChat,
    view,
    messages: async (chat: ChatRef, query: { before?: string | undefined; limit: number }) => {
      const page = await listMessages(db, chat.id, query);
      if (!page) throw new AppError(404, "NOT_FOUND", "before: no such message in this chat");
      return { items: page.rows.map(toMessage), hasMore: page.hasMore };
    },
    send,
    sendFromSocket,
    read,
    uploadImage,
    readImage,
    typing,
    inbox,
    adminDetail,
    unread,
  };
}
