import { randomUUID } from "node:crypto";
import {
  type ChatMessage,
  chatIdOf,
  chatIdSchema,
  type SendChatMessageInput,
  sendChatMessageSchema,
  type WsChatAck,
  type WsChatSend,
  type WsServerMessage,
} from "@helio/shared";
import type { Executor } from "../../db/client.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { type ChatActor, type ChatDeps, type ChatParties, type ChatRef, ownerOf } from "./parties.ts";
import {
  attachImage,
  commitChatAsynchronously,
  ensureChatRows,
  findMessage,
  findUserInfos,
  insertMessage,
  lockIndexEntries,
  sendTextMessage,
  updateIndexEntries,
} from "./queries.ts";
import { toMessage } from "./threads.ts";

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

export function createChatSending(
  { db, realtime }: ChatDeps,
  { supportId, memberChat, adminChat, publish }: ChatParties,
) {
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

  return { send, sendFromSocket };
}
