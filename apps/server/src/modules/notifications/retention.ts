import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { type BackgroundWorker, startWorkerLoop } from "../../platform/workers/loop.ts";
import { deleteReadBefore } from "./queries.ts";

const RETENTION_BATCH = 1_000;
const DAY_MS = 86_400_000;

/**
 * Keeps the notifications table from growing without end: read notifications older than
 * `retentionDays` (NOTIFICATION_RETENTION_DAYS) go, a thousand per statement, every hour. Unread ones
 * stay however old (the member has not seen them), and so does one whose mail is still pending.
 */
export function startNotificationRetentionWorker(
  deps: { db: Db; retentionDays: number; log: FastifyBaseLogger; now?: () => Date },
  intervalMs = 3_600_000,
): BackgroundWorker {
  const now = deps.now ?? (() => new Date());
  return startWorkerLoop({
    name: "notification retention",
    intervalMs,
    batchSize: RETENTION_BATCH,
    maxBatchesPerRun: 100,
    batch: () => deleteReadBefore(deps.db, new Date(now().getTime() - deps.retentionDays * DAY_MS), RETENTION_BATCH),
    log: deps.log,
  });
}
