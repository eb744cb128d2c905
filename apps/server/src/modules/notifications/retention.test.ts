import { randomUUID } from "node:crypto";
import { API, type NotificationsResponse } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, databaseKinds, signUpVerified, type TestApp } from "../../../test/helpers.ts";
import { queryRows } from "../../db/rows.ts";
import { insertNotifications } from "./queries.ts";
import { startNotificationRetentionWorker } from "./retention.ts";

const DAY_MS = 86_400_000;

describe.each(databaseKinds)("notification retention on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WORKERS: "off" } });
  });
  afterAll(async () => t?.close());

  it("deletes read notifications past the retention, keeps unread, recent and still-mailing ones", async () => {
    const { db } = t.app.services;
    const { client, member } = await signUpVerified(t.app);
    const now = new Date();
    const note = (name: string, mailed = false) => ({
      id: randomUUID(),
      userId: member.uid,
      kind: "trade.settled",
      eventKey: `retention:${name}`,
      title: name,
      body: `${name}.`,
      link: null,
      mailed,
    });
    const oldRead = note("old read");
    const oldUnread = note("old unread");
    const recentRead = note("recent read");
    const oldReadMailing = note("old read, mail pending", true);
    await insertNotifications(db, [oldRead, oldUnread, recentRead, oldReadMailing], now);
    // Read the way a member reads (the unread counter follows), then made old.
    const read = await client.post(API.notificationsRead, { ids: [oldRead.id, recentRead.id, oldReadMailing.id] });
    expect(read.statusCode, read.body).toBe(200);
    const age = async (id: string, days: number) =>
      queryRows(
        db,
        sql`update notifications set created_at = ${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz
            where id = ${id}`,
      );
    await age(oldRead.id, 400);
    await age(oldUnread.id, 400);
    await age(recentRead.id, 10);
    await age(oldReadMailing.id, 400);

    const worker = startNotificationRetentionWorker({ db, retentionDays: 365, log: t.app.log, now: () => now });
    try {
      expect(await worker.runNow()).toBe(1);
      expect(await worker.runNow()).toBe(0);
    } finally {
      await worker.stop();
    }
    const left = await queryRows<{ title: string }>(
      db,
      sql`select title from notifications where user_id = ${member.uid} order by title`,
    );
    expect(left.map((r) => r.title)).toEqual(["old read, mail pending", "old unread", "recent read"]);
    // Only a read one went: the member's unread count and list agree.
    const list = (await client.get(`${API.notifications}?pageSize=10`)).json() as NotificationsResponse;
    expect(list.unreadCount).toBe(1);
    expect(list.total).toBe(3);
  });
});
