import { and, count, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import { signInEvents, user } from "../../platform/auth/tables.ts";
import { sliceOf } from "../../platform/db/paging.ts";
import { notificationEmails, notificationPreferences, notifications, notificationUnread } from "./tables.ts";

export type NotificationRow = typeof notifications.$inferSelect;

/** The members a batch of events is about: the name to address them by and their display currency. */
export async function readersOf(db: Executor, userIds: readonly string[]) {
  if (!userIds.length) return [];
  return db
    .select({ id: user.id, firstName: user.firstName, name: user.name, currency: user.currency, locale: user.locale })
    .from(user)
    .where(inArray(user.id, [...userIds]));
}

export type NewNotification = {
  id: string;
  userId: string;
  kind: string;
  eventKey: string;
  title: string;
  body: string;
  link: string | null;
  mailed: boolean;
};

/**
 * Records a batch in one statement: each notification unless its member already has that event
 * (ON CONFLICT DO NOTHING on the member and event key); for the mailed ones that were new, a
 * pending mail due at `now`; and each member's unread count, up by their new ones (counter rows
 * locked in member order, none at all when nothing was new). Returns the notifications written (a
 * replayed event is not among them), with the time the database gave them and their member's
 * unread count once this commits.
 */
export async function insertNotifications(db: Executor, rows: readonly NewNotification[], now: Date) {
  if (!rows.length) return [];
  const json = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      kind: r.kind,
      event_key: r.eventKey,
      title: r.title,
      body: r.body,
      link: r.link,
    })),
  );
  const mailed = rows.filter((r) => r.mailed).map((r) => r.id);
  const mails = mailed.length
    ? sql`, mails as (
        insert into notification_emails (notification_id, status, attempts, next_attempt_at)
        select id, 'pending', 0, ${now.toISOString()}::timestamptz from inserted
        where id in (select jsonb_array_elements_text(${JSON.stringify(mailed)}::jsonb))
      )`
    : sql``;
  // The rows go in in the batch's order, so `seq` orders a batch as its caller listed it. The time
  // comes back as ISO 8601 in UTC to the millisecond, as drizzle reads the column (a raw
  // timestamptz differs by driver).
  const written = await queryRows<{ id: string; created_iso: string; unread: number }>(
    db,
    sql`
    with inserted as (
      insert into notifications (id, user_id, kind, event_key, title, body, link)
      select id, user_id, kind, event_key, title, body, link from json_to_recordset(${json}::json)
        as v(id text, user_id text, kind text, event_key text, title text, body text, link text)
      on conflict (user_id, event_key) do nothing
      returning id, user_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_iso
    )${mails}, counted as (
      insert into notification_unread (user_id, unread)
      select user_id, count(*)::int from inserted group by user_id order by user_id
      on conflict (user_id) do update set unread = notification_unread.unread + excluded.unread
      returning user_id, unread
    )
    select i.id, i.created_iso, c.unread from inserted i join counted c on c.user_id = i.user_id`,
  );
  const byId = new Map(written.map((r) => [r.id, r]));
  return rows.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [{ ...r, createdAt: new Date(row.created_iso), readAt: null, unreadAfter: Number(row.unread) }] : [];
  });
}

export async function listNotifications(
  db: Executor,
  userId: string,
  q: { unread: boolean; page: number; pageSize: number },
) {
  const mine = eq(notifications.userId, userId);
  const where = q.unread ? and(mine, isNull(notifications.readAt)) : mine;
  const slice = sliceOf(q);
  const [rows, [counted], unreadCount] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.seq))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count() }).from(notifications).where(where),
    unreadOf(db, userId),
  ]);
  return { rows, total: counted?.n ?? 0, unreadCount };
}

/** The member's unread count (the counter that recording and reading keep). */
export async function unreadOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ unread: notificationUnread.unread })
    .from(notificationUnread)
    .where(eq(notificationUnread.userId, userId));
  return row?.unread ?? 0;
}

/**
 * Marks the member's notifications read, those named (others' ids match nothing) or all of them,
 * and takes them off the member's unread count, in one statement. Returns how many changed and the
 * count after.
 */
export async function markRead(db: Executor, userId: string, which: readonly string[] | "all", at: Date) {
  const named =
    which === "all" ? sql`` : sql`and id in (select jsonb_array_elements_text(${JSON.stringify(which)}::jsonb))`;
  const [row] = await queryRows<{ changed: number; unread: number | null }>(
    db,
    sql`
    with changed as (
      update notifications set read_at = ${at.toISOString()}::timestamptz
      where user_id = ${userId} and read_at is null ${named}
      returning id
    ), counted as (
      update notification_unread set unread = greatest(0, unread - (select count(*) from changed))
      where user_id = ${userId} and exists (select 1 from changed)
      returning unread
    )
    select (select count(*) from changed)::int as changed,
      coalesce((select unread from counted), (select unread from notification_unread where user_id = ${userId})) as unread`,
  );
  return { changed: Number(row?.changed ?? 0), unread: Number(row?.unread ?? 0) };
}

export async function readPreferences(db: Executor, userId: string) {
  return db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function writePreferences(db: Executor, userId: string, choices: readonly [string, boolean][]) {
  if (!choices.length) return;
  await db
    .insert(notificationPreferences)
    .values(choices.map(([kind, email]) => ({ userId, kind, email })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: sql`excluded.email`, updatedAt: sql`now()` },
    });
}

/**
 * The user-agents of the member's earlier own sign-ins (not support's impersonation), other than
 * `exceptId` (the one being recorded): one row per distinct agent.
 */
export async function earlierSignInAgents(db: Executor, userId: string, exceptId: string) {
  const rows = await db
    .selectDistinct({ userAgent: signInEvents.userAgent })
    .from(signInEvents)
    .where(and(eq(signInEvents.userId, userId), ne(signInEvents.id, exceptId), isNull(signInEvents.impersonatedBy)));
  return rows.map((r) => r.userAgent);
}

/**
 * Deletes up to `limit` read notifications written before `before`, oldest first, with their mail
 * rows (a cascade); one whose mail is still pending stays. Unread ones are never touched, so the
 * unread counters stay right. Returns how many went.
 */
export async function deleteReadBefore(db: Executor, before: Date, limit: number): Promise<number> {
  const gone = await queryRows<{ id: string }>(
    db,
    sql`
    delete from notifications where id in (
      select n.id from notifications n
      where n.read_at is not null and n.created_at < ${before.toISOString()}::timestamptz
        and not exists (
          select 1 from notification_emails e where e.notification_id = n.id and e.status = 'pending'
        )
      order by n.created_at
      limit ${limit}
    )
    returning id`,
  );
  return gone.length;
}

/** The mail worker's lag: mails due to be sent at `now` (and the oldest), and mails given up on. */
export async function mailQueueLag(db: Executor, now: Date) {
  const [due] = await db
    .select({ due: count(), oldest: sql<Date | string | null>`min(${notificationEmails.nextAttemptAt})` })
    .from(notificationEmails)
    .where(and(eq(notificationEmails.status, "pending"), sql`${notificationEmails.nextAttemptAt} <= ${now}`));
  const [failed] = await db
    .select({ n: count() })
    .from(notificationEmails)
    .where(eq(notificationEmails.status, "failed"));
  return { due: due?.due ?? 0, oldestDueAt: due?.oldest ? new Date(due.oldest) : null, failed: failed?.n ?? 0 };
}
