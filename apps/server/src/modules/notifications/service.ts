import { randomUUID } from "node:crypto";
import {
  type MarkNotificationsRead,
  type Notification,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsResponse,
  OPTIONAL_EMAIL_KINDS,
  type OptionalEmailKind,
  type UpdateNotificationPreferences,
  type WsServerMessage,
} from "@helio/shared";
import type { Db, Executor } from "../../db/client.ts";
import type { SecurityEventListener } from "../../platform/auth/auth.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import { type BackgroundWorker, startWorkerLoop } from "../../platform/workers/loop.ts";
import type { SettingsService } from "../settings/index.ts";
import { describeDevice, deviceKey, deviceOf } from "./devices.ts";
import { type ClaimedMail, claimMails, MAIL_MAX_ATTEMPTS, notificationMail, recordOutcome, wantsMail } from "./mail.ts";
import { isMailed, type NotificationEvent, readerOf, write } from "./messages.ts";
import {
  earlierSignInAgents,
  insertNotifications,
  listNotifications as listRows,
  markRead,
  type NotificationRow,
  readersOf,
  readPreferences,
  writePreferences,
} from "./queries.ts";

export type NotificationsLog = {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export type NotificationsDeps = {
  db: Db;
  realtime: Realtime;
  mailer: Mailer;
  settings: SettingsService;
  /** PUBLIC_URL: mail links are this plus the notification's path. */
  publicUrl: string;
  log: NotificationsLog;
};

/**
 * A notification just recorded (inside a transaction): hand it to `deliver` once that committed.
 * `unreadCount` is its member's count as of this notification.
 */
export type Recorded = { userId: string; notification: Notification; mailed: boolean; unreadCount: number };

/**
 * The one entry point other modules use. Inside the transaction that makes a change, `notify`
 * (or `notifyMany` for a batch) records the member's notification, once per event: recording an
 * event again (a replayed approval, a retried batch) records nothing and returns null. After the
 * commit, `deliver` pushes what was recorded to the members' open tabs and tries the mail at once;
 * the mail worker (`startNotificationMailWorker`) sends whatever is still due, with back-off.
 *
 * Call it after the transaction's ledger posting, if any: it locks the member's unread counter,
 * and every transaction takes balance rows before counters, so none waits on another in a circle.
 *
 *     const recorded = await moneyTransaction(db, async (tx) => {
 *       … the change …
 *       return notifications.notify(tx, { kind: "deposit.approved", userId, depositId, … });
 *     });
 *     await notifications.deliver([recorded]);
 */
export interface Notifications {
  notify(tx: Executor, event: NotificationEvent): Promise<Recorded | null>;
  /** A batch (settlement, accrual): one member lookup and one insert, whatever its size. */
  notifyMany(tx: Executor, events: readonly NotificationEvent[]): Promise<Recorded[]>;
  /** After commit: the live `notification` message to each member, and the first mail attempt. Never throws. */
  deliver(recorded: Iterable<Recorded | null | undefined>): Promise<void>;
  /**
   * One pass of the mail worker: claims up to `limit` due mails, sends each (or skips it when the
   * member turned the kind off), and records the outcome. Returns how many it claimed.
   */
  sendDueMail(opts?: { now?: Date; limit?: number }): Promise<number>;
  /** Resolves once the mail attempts started by `deliver` have finished (tests, close). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Mails claimed per pass of the worker, and sent this many at a time. */
export const MAIL_BATCH = 20;
const MAIL_PARALLEL = 4;

export function toNotification(
  row: Pick<NotificationRow, "id" | "kind" | "title" | "body" | "link" | "createdAt" | "readAt">,
): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

export function createNotifications(deps: NotificationsDeps): Notifications {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  const notifyMany = async (tx: Executor, events: readonly NotificationEvent[]): Promise<Recorded[]> => {
    if (!events.length) return [];
    const settings = await deps.settings.get(tx);
    const readers = new Map(
      (await readersOf(tx, [...new Set(events.map((e) => e.userId))])).map((row) => [row.id, readerOf(row, settings)]),
    );
    const rows = events.flatMap((event) => {
      const reader = readers.get(event.userId);
      if (!reader) return []; // no such member: nothing to tell
      return [
        {
          id: randomUUID(),
          userId: event.userId,
          kind: event.kind,
          mailed: isMailed(event.kind),
          ...write(event, reader),
        },
      ];
    });
    const inserted = await insertNotifications(tx, rows, new Date());
    // The count after the batch, less the member's notifications that come after each one.
    const after = new Map<string, number>();
    for (const row of inserted) after.set(row.userId, (after.get(row.userId) ?? 0) + 1);
    return inserted.map((row) => {
      const later = (after.get(row.userId) ?? 1) - 1;
      after.set(row.userId, later);
      return {
        userId: row.userId,
        notification: toNotification(row),
        mailed: row.mailed,
        unreadCount: Math.max(0, row.unreadAfter - later),
      };
    });
  };

  /** Sends one claimed mail and records the outcome; a send that throws is retried later. */
  const sendOne = async (mail: ClaimedMail) => {
    if (!wantsMail(mail)) {
      await recordOutcome(deps.db, mail, { status: "skipped" }, new Date());
      return;
    }
    try {
      await deps.mailer.send(notificationMail(mail, deps.publicUrl));
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const last = mail.attempts >= MAIL_MAX_ATTEMPTS;
      deps.log.warn(
        { err, notificationId: mail.notificationId, attempts: mail.attempts, givenUp: last },
        "notification mail not sent",
      );
      await recordOutcome(deps.db, mail, last ? { status: "failed", error } : { status: "retry", error }, new Date());
      return;
    }
    if (!(await recordOutcome(deps.db, mail, { status: "sent" }, new Date()))) {
      deps.log.warn({ notificationId: mail.notificationId }, "notification mail sent after its claim was taken over");
    }
  };

  const sendClaimed = async (claim: () => Promise<ClaimedMail[]>) => {
    const claimed = await claim();
    await inLanes(claimed, MAIL_PARALLEL, sendOne);
    return claimed.length;
  };

  /** Runs `work` in the background, kept until it finishes (so that close can wait for it). */
  const track = (work: Promise<unknown>) => {
    const tracked = work
      .catch((err) => deps.log.error({ err }, "notification mail attempt failed"))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  return {
    notifyMany,
    async notify(tx, event) {
      const [recorded] = await notifyMany(tx, [event]);
      return recorded ?? null;
    },
    async deliver(recorded) {
      const list = [...recorded].filter((r): r is Recorded => Boolean(r));
      if (!list.length) return;
      const byUser = new Map<string, WsServerMessage[]>();
      for (const r of list) {
        let messages = byUser.get(r.userId);
        if (!messages) {
          messages = [];
          byUser.set(r.userId, messages);
        }
        messages.push({ type: "notification", notification: r.notification, unreadCount: r.unreadCount });
      }
      try {
        // One bus event per member: the tabs get a batch's messages together, in order.
        await Promise.all([...byUser].map(([uid, messages]) => deps.realtime.toUser(uid, messages)));
      } catch (err) {
        // Recorded all the same: the tabs read the list again when they reconnect.
        deps.log.error({ err }, "notifications not pushed");
      }
      const mailed = list.filter((r) => r.mailed).map((r) => r.notification.id);
      if (mailed.length && !closed) {
        track(sendClaimed(() => claimMails(deps.db, { now: new Date(), limit: mailed.length, ids: mailed })));
      }
    },
    sendDueMail(opts = {}) {
      return sendClaimed(() => claimMails(deps.db, { now: opts.now ?? new Date(), limit: opts.limit ?? MAIL_BATCH }));
    },
    async idle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    async close() {
      closed = true;
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

/** Sends due notification mail every `intervalMs` on every process (claims keep them apart). */
export function startNotificationMailWorker(
  deps: { notifications: Notifications; log: NotificationsLog },
  intervalMs = 5_000,
): BackgroundWorker {
  return startWorkerLoop({
    name: "notification mail",
    intervalMs,
    batchSize: MAIL_BATCH,
    maxBatchesPerRun: 10,
    batch: () => deps.notifications.sendDueMail({ limit: MAIL_BATCH }),
    log: deps.log,
  });
}

/**
 * better-auth's security events as notifications (platform/auth/auth.ts `onSecurityEvent`, wired
 * in compose.ts). A sign-in is one from a new device when the member signed in before and never
 * with that browser on that system (support's impersonation is not the member signing in); the
 * very first sign-in, after registering, is not.
 */
export function securityNotifier(notifications: Notifications): SecurityEventListener {
  return async (tx, event) => {
    let recorded: Recorded | null = null;
    if (event.kind === "sign_in") {
      if (event.impersonatedBy) return undefined;
      const earlier = await earlierSignInAgents(tx, event.userId, event.signInId);
      if (!earlier.length) return undefined;
      const device = deviceOf(event.userAgent);
      const key = deviceKey(device);
      if (earlier.some((agent) => deviceKey(deviceOf(agent)) === key)) return undefined;
      recorded = await notifications.notify(tx, {
        kind: "sign_in.new_device",
        userId: event.userId,
        deviceKey: key,
        device: describeDevice(device),
        ipAddress: event.ipAddress,
        at: event.at,
      });
    } else if (event.kind === "password.changed") {
      recorded = await notifications.notify(tx, { ...event, eventId: randomUUID() });
    } else if (event.kind === "impersonation.ended") {
      recorded = await notifications.notify(tx, { ...event, kind: "account.opened_by_support" });
    } else {
      recorded = await notifications.notify(tx, { ...event, eventId: randomUUID() });
    }
    return recorded ? () => notifications.deliver([recorded]) : undefined;
  };
}

// ---------------------------------------------------------------------------------------------
// What the member's routes call.
// ---------------------------------------------------------------------------------------------

export async function listNotifications(
  deps: { db: Db },
  uid: string,
  q: { unread: boolean; page: number; pageSize: number },
): Promise<NotificationsResponse> {
  const { rows, total, unreadCount } = await listRows(deps.db, uid, q);
  return { items: rows.map(toNotification), total, page: q.page, pageSize: q.pageSize, unreadCount };
}

/**
 * Marks the member's own notifications read (ids of anyone else's match nothing), then tells the
 * member's tabs the new unread count.
 */
export async function markNotificationsRead(
  deps: { db: Db; realtime: Realtime },
  uid: string,
  body: MarkNotificationsRead,
) {
  const { changed, unread } = await markRead(deps.db, uid, body.all ? "all" : (body.ids ?? []), new Date());
  if (changed > 0) await deps.realtime.toUser(uid, { type: "notifications.read", unreadCount: unread });
  return { unreadCount: unread };
}

export async function getPreferences(deps: { db: Db }, uid: string): Promise<NotificationPreferences> {
  const chosen = new Map((await readPreferences(deps.db, uid)).map((p) => [p.kind, p.email]));
  const email = {} as Record<OptionalEmailKind, boolean>;
  for (const kind of OPTIONAL_EMAIL_KINDS) email[kind] = chosen.get(kind) ?? true;
  return { email };
}

export async function updatePreferences(
  deps: { db: Db },
  uid: string,
  body: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  const choices = Object.entries(body.email).filter((e): e is [string, boolean] => typeof e[1] === "boolean");
  await writePreferences(deps.db, uid, choices);
  return getPreferences(deps, uid);
}
