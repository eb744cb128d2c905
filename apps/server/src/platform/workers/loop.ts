/**
 * The one background-worker loop (deposit expiry, trade settlement, and any worker to come):
 * runs a batch function every `intervalMs`, one run at a time, on every process alike (the batch
 * itself must be safe to run concurrently across processes, e.g. with SKIP LOCKED).
 *
 * - A run calls `batch()` again at once while it returns a full batch (`batchSize` rows), up to
 *   `maxBatchesPerRun` (`concurrency` of them at a time); after that cap the next run starts on
 *   the next turn of the event loop, so a backlog drains without starving requests.
 * - A failing run is logged and retried with back-off: intervalMs × 2, × 4… up to `maxBackoffMs`;
 *   the first success goes back to `intervalMs`.
 * - `runNow()` starts a run at once (or, when one is running, right after it) and resolves with
 *   the rows it processed (it rejects with the run's error).
 * - `stop()` cancels the timer and waits for a running batch: call it when the app closes.
 */

export type WorkerLog = { error(obj: object, msg: string): void };
export type BackgroundWorker = { runNow(): Promise<number>; stop(): Promise<void> };

export type WorkerLoopOptions = {
  /** Named in the logs. */
  name: string;
  intervalMs: number;
  /** Processes up to `batchSize` rows; returns how many it processed. */
  batch: () => Promise<number>;
  batchSize: number;
  maxBatchesPerRun?: number;
  /** Batches in flight at once while a backlog drains (drainBatches); 1 unless said. */
  concurrency?: number;
  maxBackoffMs?: number;
  log: WorkerLog;
};

/**
 * Calls `batch` until it returns less than a full batch or `maxBatches` ran; the rows processed.
 * With `concurrency` > 1, that many batches are in flight at once (each its own transaction,
 * SKIP LOCKED keeps them apart), so one batch's database work overlaps another's JavaScript.
 * A failure stops the other lanes after their current batch and is rethrown once they finished.
 */
export async function drainBatches(
  batch: () => Promise<number>,
  batchSize: number,
  maxBatches = Number.POSITIVE_INFINITY,
  concurrency = 1,
): Promise<{ processed: number; more: boolean }> {
  let processed = 0;
  let started = 0;
  let drained = false;
  const lane = async () => {
    while (!drained && started < maxBatches) {
      started++;
      const n = await batch().catch((error) => {
        drained = true;
        throw error;
      });
      processed += n;
      if (n < batchSize) drained = true;
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.max(1, concurrency) }, lane));
  const failed = lanes.find((l): l is PromiseRejectedResult => l.status === "rejected");
  if (failed) throw failed.reason;
  return { processed, more: !drained };
}

export function startWorkerLoop(opts: WorkerLoopOptions): BackgroundWorker {
  const maxBackoffMs = opts.maxBackoffMs ?? Math.max(30_000, opts.intervalMs);
  let failures = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      start().catch(() => {}); // logged in start
    }, delayMs);
    timer.unref();
  };

  const start = (): Promise<number> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const run = (async () => {
      try {
        const { processed, more } = await drainBatches(
          opts.batch,
          opts.batchSize,
          opts.maxBatchesPerRun,
          opts.concurrency,
        );
        failures = 0;
        schedule(more ? 0 : opts.intervalMs);
        return processed;
      } catch (error) {
        failures++;
        const retryInMs = Math.min(maxBackoffMs, opts.intervalMs * 2 ** failures);
        opts.log.error({ err: error, worker: opts.name, failures, retryInMs }, `${opts.name} worker failed`);
        schedule(retryInMs);
        throw error;
      } finally {
        running = null;
      }
    })();
    running = run;
    return run;
  };

  schedule(opts.intervalMs);
  return {
    runNow() {
      if (stopped) return Promise.resolve(0);
      if (!running) return start();
      queued ??= running
        .catch(() => {})
        .then(() => {
          queued = null;
          return stopped ? 0 : (running ?? start());
        });
      return queued;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await queued?.catch(() => {});
      await running?.catch(() => {});
    },
  };
}
