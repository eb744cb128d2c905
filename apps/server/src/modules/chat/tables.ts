import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { referencesUser } from "../../platform/auth/tables.ts";
import { createdAt, timestamptz } from "../../platform/db/columns.ts";

/** A chat (docs/product.md §7): keyed by the two user ids joined, larger first (`chatIdOf`). */
export const chats = pgTable(
  "chats",
  {
    id: text("id").primaryKey(),
    memberId: referencesUser("member_id", "cascade"),
    supportId: referencesUser("support_id", "cascade"),
    createdAt: createdAt(),
  },
  (t) => [unique("chats_member_support_key").on(t.memberId, t.supportId)],
);

/** The chat a row belongs to; it goes with the chat. */
const referencesChat = () =>
  text("chat_id")
    .notNull()
    .references(() => chats.id, { onDelete: "cascade" });

/** A message (docs/product.md §7). `seq` orders a chat's messages and is the paging cursor behind `id`. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    id: uuid("id").notNull().unique(),
    chatId: referencesChat(),
    senderId: referencesUser("sender_id", "cascade"),
    text: text("text").notNull().default(""),
    imageName: text("image_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_chat_seq_idx").on(t.chatId, t.seq),
    check("chat_messages_text_or_image", sql`length(${t.text}) > 0 or ${t.imageName} is not null`),
    check("chat_messages_text_length", sql`length(${t.text}) <= 4000`),
  ],
);

/** An uploaded chat image, readable only by the chat's parties; attached to one message when sent. */
export const chatImages = pgTable(
  "chat_images",
  {
    name: text("name").primaryKey(),
    chatId: referencesChat(),
    uploaderId: referencesUser("uploader_id", "cascade"),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    messageId: uuid("message_id"),
    createdAt: createdAt(),
  },
  (t) => [index("chat_images_chat_idx").on(t.chatId, t.createdAt)],
);

/**
 * The per-user chat index (docs/product.md §7): per user and chat, the other party (userInfo),
 * the last message, date, unread.
 */
export const userChats = pgTable(
  "user_chats",
  {
    userId: referencesUser("user_id", "cascade"),
    chatId: referencesChat(),
    otherUid: text("other_uid").notNull(),
    otherDisplayName: text("other_display_name").notNull(),
    otherPhotoURL: text("other_photo_url"),
    /** Null until the first message. */
    lastMessageText: text("last_message_text"),
    lastMessageHasImage: boolean("last_message_has_image").notNull().default(false),
    date: timestamptz("date").notNull().defaultNow(),
    unread: integer("unread").notNull().default(0),
    lastReadAt: timestamptz("last_read_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chatId] }),
    index("user_chats_user_date_idx").on(t.userId, t.date),
    // Sending locks and updates both entries of a chat by its id; the key leads with the user.
    index("user_chats_chat_idx").on(t.chatId),
    check("user_chats_unread_non_negative", sql`${t.unread} >= 0`),
  ],
);
