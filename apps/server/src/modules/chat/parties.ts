import { chatIdOf, type WsServerMessage } from "@helio/shared";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import type { FileStorage } from "../../platform/storage/index.ts";
import {
  type ChatRow,
  ensureChatRows,
  findChat,
  findSupportId,
  findUserInfos,
  listAdminIds,
  type UserInfo,
} from "./queries.ts";

export type ChatSide = "member" | "support";
export type ChatRef = Pick<ChatRow, "id" | "memberId" | "supportId">;
export type ChatActor = { uid: string; side: ChatSide };
export type ChatDeps = { db: Db; realtime: Realtime; storage: FileStorage; config: Config };

const ADMIN_IDS_TTL_MS = 30_000;

export const ownerOf = (chat: ChatRef, side: ChatSide) => (side === "member" ? chat.memberId : chat.supportId);

export type ChatParties = ReturnType<typeof createChatParties>;

/** Made once per chat service: its caches are shared by every part of it. */
export function createChatParties({ db, realtime, config }: ChatDeps) {
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

  return { supportId, adminIds, infos, memberChat, adminChat, publish };
}
