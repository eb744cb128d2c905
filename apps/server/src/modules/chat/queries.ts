import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql, sum } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { namedStatement } from "../../db/prepared.ts";
import { user } from "../../platform/auth/tables.ts";
import { chatImages, chatMessages, chats, userChats } from "./tables.ts";

export type UserInfo = { uid: string; displayName: string; photoURL: string | null };
export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type IndexRow = typeof userChats.$inferSelect;

const displayName = sql<string>`coalesce(nullif(trim(${user.firstName} || ' ' || ${user.lastName}), ''), ${user.name})`;

/** The support account: the admin with the configured email, else the first admin by creation. */
export async function findSupportId(db: Executor, adminEmail: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, "admin"))
    .orderBy(sql`(lower(${user.email}) = ${adminEmail.toLowerCase()}) desc`, asc(user.createdAt), asc(user.id))
    .limit(1);
  return row?.id ?? null;
}

export async function listAdminIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
  return rows.map((r) => r.id);
}

/** userInfo (uid, displayName, photoURL) of the given users. */
export async function findUserInfos(db: Executor, uids: string[]): Promise<Map<string, UserInfo>> {
  const rows = await db
    .select({ uid: user.id, displayName, photoURL: user.image })
    .from(user)
    .where(inArray(user.id, uids));
  return new Map(rows.map((r) => [r.uid, r]));
}

export async function findChat(db: Executor, chatId: string): Promise<ChatRow | null> {
  const [row] = await db.select().from(chats).where(eq(chats.id, chatId));
  return row ?? null;
}

/** Creates the chat and both index entries when missing (first load, docs/product.md §7). */
export async function ensureChatRows(
  db: Executor,
  chat: { id: string; member: UserInfo; support: UserInfo },
): Promise<void> {
  await db
    .insert(chats)
    .values({ id: chat.id, memberId: chat.member.uid, supportId: chat.support.uid })
    .onConflictDoNothing();
  await db
    .insert(userChats)
    .values([
      {
        userId: chat.member.uid,
        chatId: chat.id,
        otherUid: chat.support.uid,
        otherDisplayName: chat.support.displayName,
        otherPhotoURL: chat.support.photoURL,
      },
      {
        userId: chat.support.uid,
        chatId: chat.id,
        otherUid: chat.member.uid,
        otherDisplayName: chat.member.displayName,
        otherPhotoURL: chat.member.photoURL,
      },
    ])
    .onConflictDoNothing();
}

/** Locks the chat's index entries in user id order (a sender's first step); returns how many exist. */
export async function lockIndexEntries(db: Executor, chatId: string): Promise<number> {
  const rows = await db
    .select({ userId: userChats.userId })
    .from(userChats)
    .where(eq(userChats.chatId, chatId))
    .orderBy(asc(userChats.userId))
    .for("update");
  return rows.length;
}

export async function findIndexEntries(db: Executor, chatId: string): Promise<IndexRow[]> {
  return db.select().from(userChats).where(eq(userChats.chatId, chatId));
}

export async function findUnread(db: Executor, userId: string, chatId: string): Promise<number | null> {
  const [row] = await db
    .select({ unread: userChats.unread })
    .from(userChats)
    .where(and(eq(userChats.userId, userId), eq(userChats.chatId, chatId)));
  return row ? row.unread : null;
}

/** A page of messages, newest `limit` before the cursor message; answered oldest first. */
export async function listMessages(
  db: Executor,
  chatId: string,
  opts: { before?: string | undefined; limit: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean } | null> {
  let beforeSeq: number | undefined;
  if (opts.before) {
    const [cursor] = await db
      .select({ seq: chatMessages.seq })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, opts.before), eq(chatMessages.chatId, chatId)));
    if (!cursor) return null;
    beforeSeq = cursor.seq;
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      beforeSeq === undefined
        ? eq(chatMessages.chatId, chatId)
        : and(eq(chatMessages.chatId, chatId), lt(chatMessages.seq, beforeSeq)),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(opts.limit + 1);
  const hasMore = rows.length > opts.limit;
  return { rows: rows.slice(0, opts.limit).reverse(), hasMore };
}

/** Inserts the message unless its id exists; null when it did (a retried send). Lock the index entries first. */
export async function insertMessage(
  db: Executor,
  row: { id: string; chatId: string; senderId: string; text: string; imageName: string | null },
): Promise<MessageRow | null> {
  // The clock at insert (not the transaction start), so dates follow the order of `seq`.
  const [inserted] = await db
    .insert(chatMessages)
    .values({ ...row, createdAt: sql`clock_timestamp()` })
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

export async function findMessage(db: Executor, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row ?? null;
}

/** Attaches an unsent image of this chat to a message; false when there is no such image. */
export async function attachImage(db: Executor, name: string, chatId: string, messageId: string): Promise<boolean> {
  const rows = await db
    .update(chatImages)
    .set({ messageId })
    .where(and(eq(chatImages.name, name), eq(chatImages.chatId, chatId), isNull(chatImages.messageId)))
    .returning({ name: chatImages.name });
  return rows.length === 1;
}

/**
 * Both index entries of a chat after a message (docs/product.md §7): last message, date, one more
 * unread for the recipient, and each entry's other party (userInfo) refreshed from the user table.
 * Lock the entries first (`lockIndexEntries`). Returns each entry's unread count.
 */
export async function updateIndexEntries(
  db: Executor,
  m: { chatId: string; recipientId: string; text: string; hasImage: boolean; date: Date },
): Promise<{ userId: string; unread: number }[]> {
  const other = (column: SQL) => sql`(select ${column} from ${user} where ${user.id} = ${userChats.otherUid})`;
  return db
    .update(userChats)
    .set({
      otherDisplayName: sql`coalesce(${other(displayName)}, ${userChats.otherDisplayName})`,
      otherPhotoURL: other(sql`${user.image}`),
      lastMessageText: m.text,
      lastMessageHasImage: m.hasImage,
      date: m.date,
      unread: sql`${userChats.unread} + (case when ${userChats.userId} = ${m.recipientId} then 1 else 0 end)`,
    })
    .where(eq(userChats.chatId, m.chatId))
    .returning({ userId: userChats.userId, unread: userChats.unread });
}

export async function markRead(db: Executor, userId: string, chatId: string): Promise<Date | null> {
  const [row] = await db
    .update(userChats)
    .set({ unread: 0, lastReadAt: sql`now()` })
    .where(and(eq(userChats.userId, userId), eq(userChats.chatId, chatId)))
    .returning({ lastReadAt: userChats.lastReadAt });
  return row?.lastReadAt ?? null;
}

export async function insertImage(
  db: Executor,
  row: { name: string; chatId: string; uploaderId: string; mime: string; size: number },
): Promise<void> {
  await db.insert(chatImages).values(row);
}

export async function findImage(db: Executor, name: string) {
  const [row] = await db
    .select({ name: chatImages.name, mime: chatImages.mime, chatId: chatImages.chatId, memberId: chats.memberId })
    .from(chatImages)
    .innerJoin(chats, eq(chats.id, chatImages.chatId))
    .where(eq(chatImages.name, name));
  return row ?? null;
}

/** Removes images of the chat uploaded but never sent, older than `olderThan`; returns their names. */
export async function deleteAbandonedImages(db: Executor, chatId: string, olderThan: Date): Promise<string[]> {
  const rows = await db
    .delete(chatImages)
    .where(and(eq(chatImages.chatId, chatId), isNull(chatImages.messageId), lt(chatImages.createdAt, olderThan)))
    .returning({ name: chatImages.name });
  return rows.map((r) => r.name);
}

/** The support account's index: every member chat, newest first, searchable by member. */
export async function listInbox(
  db: Executor,
  supportId: string,
  opts: { search?: string | undefined; page: number; pageSize: number },
) {
  const term = opts.search ? `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(userChats.userId, supportId),
    term
      ? or(ilike(user.name, term), ilike(user.username, term), ilike(user.email, term), ilike(displayName, term))
      : undefined,
  );
  const rows = await db
    .select({
      chatId: userChats.chatId,
      uid: user.id,
      fullName: displayName,
      userName: user.username,
      photoURL: user.image,
      lastMessageText: userChats.lastMessageText,
      lastMessageHasImage: userChats.lastMessageHasImage,
      date: userChats.date,
      unread: userChats.unread,
    })
    .from(userChats)
    .innerJoin(user, eq(user.id, userChats.otherUid))
    .where(where)
    .orderBy(desc(userChats.date), desc(userChats.chatId))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  const [totals] = await db
    .select({ n: count() })
    .from(userChats)
    .innerJoin(user, eq(user.id, userChats.otherUid))
    .where(where);
  const [unread] = await db
    .select({ n: sum(userChats.unread).mapWith(Number) })
    .from(userChats)
    .where(eq(userChats.userId, supportId));
  return { rows, total: totals?.n ?? 0, unreadTotal: unread?.n ?? 0 };
}

export async function findMemberSummary(db: Executor, uid: string) {
  const [row] = await db
    .select({
      uid: user.id,
      fullName: displayName,
      userName: user.username,
      email: user.email,
      userTrading: user.userTrading,
      photoURL: user.image,
    })
    .from(user)
    .where(eq(user.id, uid));
  return row ?? null;
}

export type OneStatementSend =
  /** Stored: the message and both index entries' unread counts. */
  | { status: "sent"; row: MessageRow; unread: Record<string, number> }
  /** The id is taken (a replay, or a clash): nothing was written. */
  | { status: "taken" }
  /** The chat's index entries are not both there yet: nothing was written. */
  | { status: "missing" };

type SentJson = {
  seq: number | string;
  id: string;
  chat_id: string;
  sender_id: string;
  text: string;
  image_name: string | null;
  created_at: string;
};

/**
 * Chat messages commit asynchronously: the commit does not wait for the WAL to reach the disk.
 * A database crash can lose the last fraction of a second of chat (at most 3 × wal_writer_delay),
 * never corrupt it; money movements keep the synchronous default. Only this transaction is
 * affected (is_local), so pooled connections go back unchanged. See docs/decisions/0005.
 */
export async function commitChatAsynchronously(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
}

type TextSend = { id: string; chatId: string; senderId: string; recipientId: string; text: string };
const p = (name: keyof TextSend) => sql.placeholder(name);
const sendTextStatement = namedStatement<TextSend>(sql`
  with locked as (
    select user_id from user_chats where chat_id = ${p("chatId")} order by user_id for update
  ), ins as (
    insert into chat_messages (id, chat_id, sender_id, text, image_name, created_at)
    select ${p("id")}::uuid, ${p("chatId")}, ${p("senderId")}, ${p("text")}, null, clock_timestamp()
    where (select count(*) from locked) = 2
    on conflict (id) do nothing
    returning seq, id, chat_id, sender_id, text, image_name, created_at
  ), upd as (
    update user_chats uc set
      other_display_name = coalesce(
        (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.name) from "user" u where u.id = uc.other_uid),
        uc.other_display_name),
      other_photo_url = (select u.image from "user" u where u.id = uc.other_uid),
      last_message_text = ${p("text")},
      last_message_has_image = false,
      date = (select created_at from ins),
      unread = uc.unread + (case when uc.user_id = ${p("recipientId")} then 1 else 0 end)
    where uc.chat_id = ${p("chatId")} and exists (select 1 from ins)
    returning uc.user_id, uc.unread
  )
  select set_config('synchronous_commit', 'off', true) as commit_mode,
         (select count(*) from locked)::int as locked,
         (select row_to_json(ins) from ins) as message,
         (select coalesce(json_object_agg(user_id, unread), '{}'::json) from upd) as unread`);

/**
 * A text message in one statement (one round trip, no BEGIN/COMMIT): lock both index entries in
 * user id order, insert the message (clock at insert, so dates follow `seq`), then update both
 * entries as `updateIndexEntries` does. The same steps, in the same order, as the transaction,
 * committed asynchronously like it (`commitChatAsynchronously`).
 */
export async function sendTextMessage(db: Executor, m: TextSend): Promise<OneStatementSend> {
  const result = (await sendTextStatement(db, m)) as {
    rows: { locked: number; message: SentJson | string | null; unread: Record<string, number> | string }[];
  };
  const row = result.rows[0];
  if (!row || Number(row.locked) < 2) return { status: "missing" };
  if (!row.message) return { status: "taken" };
  const sent = (typeof row.message === "string" ? JSON.parse(row.message) : row.message) as SentJson;
  const unread = (typeof row.unread === "string" ? JSON.parse(row.unread) : row.unread) as Record<string, number>;
  return {
    status: "sent",
    row: {
      seq: Number(sent.seq),
      id: sent.id,
      chatId: sent.chat_id,
      senderId: sent.sender_id,
      text: sent.text,
      imageName: sent.image_name,
      createdAt: new Date(sent.created_at),
    },
    unread: Object.fromEntries(Object.entries(unread).map(([k, v]) => [k, Number(v)])),
  };
}

/** The blocked (not banned) member with this e-mail address, if there is one. */
export async function findBlockedMemberByEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(
      and(
        sql`lower(${user.email}) = ${email.toLowerCase()}`,
        eq(user.userBlock, true),
        sql`${user.userStatus} is distinct from 'banned'`,
        sql`${user.role} is distinct from 'admin'`,
      ),
    );
  return row?.id ?? null;
}
