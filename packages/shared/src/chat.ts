import { groupDigits } from "./currency.ts";
import { kycStatusSchema } from "./kyc.ts";
import { text } from "./text.ts";
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_TYPES, CHAT_TEXT_MAX } from "./values.ts";
import { microcentsSchema } from "./wallet.ts";
import { z } from "./zod.ts";

export { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_TYPES, CHAT_TEXT_MAX };

/** Live support chat (docs/product.md §7): one chat per member with the fixed support account. */
export const CHAT_PAGE_SIZE = 30;

/** The chat id: the two user ids joined, the larger (string comparison) first. */
export function chatIdOf(uid1: string, uid2: string): string {
  return uid1 > uid2 ? uid1 + uid2 : uid2 + uid1;
}

export const chatIdSchema = text().check(z.minLength(2), z.maxLength(200));
/** A stored chat image: a random UUID and the extension of its checked type. */
export const chatImageNameSchema = z.string().check(z.regex(/^[a-f0-9-]{36}\.(jpg|png|webp|gif)$/, "Not a chat image"));

/** `userInfo` of the per-user chat index (docs/product.md §7). */
export const chatPartySchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  photoURL: z.nullable(z.string()),
});
export type ChatParty = z.infer<typeof chatPartySchema>;

/** A message (docs/product.md §7): id, text, senderId, date, img (URL, optional). */
export const chatMessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  text: z.string(),
  img: z.nullable(z.string()),
  date: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The member's chat with support (created with both index entries on first load). */
export const chatSchema = z.object({
  id: z.string(),
  member: chatPartySchema,
  support: chatPartySchema,
  /** Messages the reader has not read yet. */
  unread: z.int(),
  /** When the other side last marked the chat read (null: never). */
  otherReadAt: z.nullable(z.string()),
});
export type Chat = z.infer<typeof chatSchema>;

export const chatUnreadSchema = z.object({ unread: z.int() });

export const chatMessagesQuerySchema = z.object({
  /** Id of the oldest message the client has: answers the ones before it. */
  before: z.optional(z.uuid()),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), CHAT_PAGE_SIZE),
});
/** Oldest first. */
export const chatMessagesResponseSchema = z.object({ items: z.array(chatMessageSchema), hasMore: z.boolean() });
export type ChatMessagesPage = z.infer<typeof chatMessagesResponseSchema>;

export const sendChatMessageSchema = z
  .object({
    /** Chosen by the client so a retried send is not stored twice. */
    id: z.optional(z.uuid()),
    text: z._default(
      text({ multiline: true }).check(
        z.trim(),
        z.maxLength(CHAT_TEXT_MAX, `At most ${groupDigits(String(CHAT_TEXT_MAX))} characters`),
      ),
      "",
    ),
    image: z.optional(chatImageNameSchema),
  })
  .check(
    z.superRefine((m, ctx) => {
      if (!m.text && !m.image)
        ctx.addIssue({ code: "custom", path: ["text"], message: "Write a message or attach an image" });
    }),
  );
export type SendChatMessageInput = z.input<typeof sendChatMessageSchema>;

export const chatImageUploadResponseSchema = z.object({ image: chatImageNameSchema, url: z.string() });
export const chatImageParamsSchema = z.object({ name: chatImageNameSchema });
export const chatReadResponseSchema = z.object({ unread: z.int(), readAt: z.string() });

/** Support inbox. */
export const adminChatsQuerySchema = z.object({
  search: z.optional(text().check(z.trim(), z.maxLength(100))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
});
export const adminChatParamsSchema = z.object({ chatId: chatIdSchema });
export const adminChatListItemSchema = z.object({
  chatId: z.string(),
  member: z.object({ uid: z.string(), fullName: z.string(), userName: z.string(), photoURL: z.nullable(z.string()) }),
  /** Null until the first message. */
  lastMessage: z.nullable(z.object({ text: z.string(), hasImage: z.boolean() })),
  date: z.string(),
  unread: z.int(),
});
export type AdminChatListItem = z.infer<typeof adminChatListItemSchema>;
export const adminChatsResponseSchema = z.object({
  items: z.array(adminChatListItemSchema),
  total: z.int(),
  /** Unread messages over every chat of the inbox. */
  unreadTotal: z.int(),
});
export const adminChatMemberSchema = z.object({
  uid: z.string(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string(),
  userTrading: z.boolean(),
  kycStatus: kycStatusSchema,
  walletMicrocents: microcentsSchema,
});
export const adminChatDetailSchema = z.extend(chatSchema, { summary: adminChatMemberSchema });
export type AdminChatDetail = z.infer<typeof adminChatDetailSchema>;

/** WebSocket messages of the chat (added to the unions in ws.ts). */
export const wsChatMessageSchema = z.object({
  type: z.literal("chat.message"),
  chatId: z.string(),
  message: chatMessageSchema,
  /** The receiving side's unread count after this message. */
  unread: z.int(),
});
export const wsChatTypingSchema = z.object({
  type: z.literal("chat.typing"),
  chatId: z.string(),
  side: z.enum(["member", "support"]),
  typing: z.boolean(),
});
export const wsChatReadSchema = z.object({
  type: z.literal("chat.read"),
  chatId: z.string(),
  /** Which side read: its own tabs clear their count, the other side sees "Seen". */
  side: z.enum(["member", "support"]),
  readAt: z.string(),
});
/** Client → server: the sender is typing (true) or stopped (false) in that chat. */
export const wsChatTypingClientSchema = z.object({
  type: z.literal("chat.typing"),
  chatId: chatIdSchema,
  typing: z.boolean(),
});
/**
 * Client → server: send a message over the socket (the same rules as the POST routes). Members
 * write to support (`chatId` may be left out); admins answer as support and must name the chat.
 * `img` is an image already uploaded to the chat's image endpoint. Field rules (text or image,
 * at most 4,000 characters, a UUID id) are checked by the server, which answers with `chat.ack`.
 */
export const wsChatSendSchema = z.object({
  type: z.literal("chat.send"),
  /** Chosen by the client (a UUID), so a retried send is stored once. */
  id: text().check(z.minLength(1), z.maxLength(100)),
  chatId: z.optional(text().check(z.maxLength(500))),
  text: z.optional(text({ multiline: true })),
  img: z.optional(text().check(z.maxLength(200))),
});
export type WsChatSend = z.infer<typeof wsChatSendSchema>;

/** Server → the sender's tabs: the outcome of a `chat.send` (the message itself comes as `chat.message`). */
export const wsChatAckSchema = z.object({
  type: z.literal("chat.ack"),
  id: z.string(),
  ok: z.boolean(),
  /** The stored message when ok (a retried id answers the message stored the first time). */
  message: z.optional(chatMessageSchema),
  error: z.optional(z.object({ code: z.string(), message: z.string(), field: z.optional(z.string()) })),
});
export type WsChatAck = z.infer<typeof wsChatAckSchema>;

/** Support opens a member's chat (from the member's page): created with both index entries when missing. */
export const adminMemberChatParamsSchema = z.object({ uid: text().check(z.minLength(1), z.maxLength(100)) });
export const adminMemberChatSchema = z.object({ chatId: z.string() });
