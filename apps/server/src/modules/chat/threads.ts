import { API, type Chat, type ChatMessage, chatIdOf } from "@helio/shared";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { type ChatDeps, type ChatParties, type ChatRef, type ChatSide, ownerOf } from "./parties.ts";
import { findIndexEntries, findUnread, listMessages, type MessageRow, markRead } from "./queries.ts";

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

export type ThreadReading = ReturnType<typeof createThreadReading>;

export function createThreadReading({ db }: ChatDeps, { supportId, infos, publish }: ChatParties) {
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

  const messages = async (chat: ChatRef, query: { before?: string | undefined; limit: number }) => {
    const page = await listMessages(db, chat.id, query);
    if (!page) throw new AppError(404, "NOT_FOUND", "before: no such message in this chat");
    return { items: page.rows.map(toMessage), hasMore: page.hasMore };
  };

  async function read(chat: ChatRef, side: ChatSide): Promise<{ unread: number; readAt: string }> {
    const at = await markRead(db, ownerOf(chat, side), chat.id);
    if (!at) throw notFound("Chat not found");
    const readAt = at.toISOString();
    await publish(chat, () => ({ type: "chat.read", chatId: chat.id, side, readAt }));
    return { unread: 0, readAt };
  }

  async function unread(memberId: string): Promise<number> {
    const sid = await supportId();
    if (memberId === sid) return 0;
    return (await findUnread(db, memberId, chatIdOf(memberId, sid))) ?? 0;
  }

  return { view, messages, read, unread };
}
