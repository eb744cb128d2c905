import { afterEach, describe, expect, it, vi } from "vitest";
import { type BackgroundWorker, drainBatches, startWorkerLoop } from "./loop.ts";

/** A promise the test settles by hand. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const logs: { obj: Record<string, unknown>; msg: string }[] = [];
const log = { error: (obj: object, msg: string) => logs.push({ obj: obj as Record<string, unknown>, msg }) };
const workers: BackgroundWorker[] = [];
function start(opts: Partial<Parameters<typeof startWorkerLoop>[0]> & { batch: () => Promise<number> }) {
  const worker = startWorkerLoop({ name: "test", intervalMs: 3_600_000, batchSize: 3, log, ...opts });
  workers.push(worker);
  return worker;
}

afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  logs.length = 0;
  vi.useRealTimers();
});

describe("drainBatches", () => {
  it("calls again while a batch is full and stops at the first short one", async () => {
    const sizes = [3, 3, 1, 3];
    const batch = vi.fn(async () => sizes.shift() ?? 0);
    expect(await drainBatches(batch, 3)).toEqual({ processed: 7, more: false });
    expect(batch).toHaveBeenCalledTimes(3);
  });
  it("stops after maxBatches, telling there may be more", async () => {
    expect(await drainBatches(async () => 3, 3, 2)).toEqual({ processed: 6, more: true });
  });
  it("keeps `concurrency` batches in flight and stops every lane at the first short one", async () => {
    const gates = [gate(), gate(), gate()];
    let inFlight = 0;
    let most = 0;
    let call = 0;
    const batch = async () => {
      const g = gates[call++];
      inFlight++;
      most = Math.max(most, inFlight);
      await g?.promise;
      inFlight--;
      return g === gates[1] ? 1 : 3;
    };
    const drained = drainBatches(batch, 3, Number.POSITIVE_INFINITY, 2);
    await vi.waitFor(() => expect(call).toBe(2));
    gates[1]?.open(); // the second lane's batch comes back short: the backlog is drained
    gates[0]?.open();
    expect(await drained).toEqual({ processed: 4, more: false });
    expect(most).toBe(2);
    expect(call).toBe(2);
  });
  it("lets the other lanes finish before it rethrows a failure, and starts no batch after it", async () => {
    const slow = gate();
    let finished = 0;
    let call = 0;
    const batch = async () => {
      call++;
      if (call === 1) {
        await slow.promise;
        finished++;
        return 3;
      }
      throw new Error("batch failed");
    };
    const drained = drainBatches(batch, 3, Number.POSITIVE_INFINITY, 2);
    let settled = false;
    drained
      .catch(() => {})
      .finally(() => {
        settled = true;
      });
    await vi.waitFor(() => expect(call).toBe(2));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    slow.open();
    await expect(drained).rejects.toThrow("batch failed");
    expect(finished).toBe(1);
    expect(call).toBe(2);
  });
});

describe("startWorkerLoop", () => {
  it("runs every interval, and not before", async () => {
    vi.useFakeTimers();
    const batch = vi.fn(async () => 0);
    start({ batch, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(batch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(batch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(batch).toHaveBeenCalledTimes(3);
  });

  it("runs now on demand, draining full batches, and answers how many rows", async () => {
    const sizes = [3, 3, 2];
    const worker = start({ batch: async () => sizes.shift() ?? 0 });
    expect(await worker.runNow()).toBe(8);
  });

  it("continues at once after a capped run that ended on a full batch", async () => {
    vi.useFakeTimers();
    let left = 7; // rows waiting
    const batch = vi.fn(async () => {
      const n = Math.min(3, left);
      left -= n;
      return n;
    });
    const worker = start({ batch, maxBatchesPerRun: 1 });
    expect(await worker.runNow()).toBe(3);
    // Zero-delay timers only (Node makes them 1 ms; the interval is an hour): each lets a run start.
    for (let turn = 0; turn < 10 && left > 0; turn++) await vi.advanceTimersByTimeAsync(1);
    expect(left).toBe(0); // drained without waiting for the (one hour) interval
    const calls = batch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(batch.mock.calls.length).toBe(calls); // then back to the interval
  });

  it("logs a failure and retries with back-off, back to the interval after a success", async () => {
    vi.useFakeTimers();
    let failuresLeft = 3;
    const batch = vi.fn(async () => {
      if (failuresLeft-- > 0) throw new Error("database down");
      return 0;
    });
    const worker = start({ batch, intervalMs: 100, maxBackoffMs: 350 });
    await expect(worker.runNow()).rejects.toThrow("database down");
    await vi.advanceTimersByTimeAsync(199);
    expect(batch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // 200 ms after the first failure
    expect(batch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(350); // capped at maxBackoffMs, not 400
    expect(batch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(350);
    expect(batch).toHaveBeenCalledTimes(4); // succeeded
    await vi.advanceTimersByTimeAsync(100);
    expect(batch).toHaveBeenCalledTimes(5);
    expect(logs.map((l) => l.obj.retryInMs)).toEqual([200, 350, 350]);
    expect(logs[0]).toMatchObject({ msg: "test worker failed", obj: { worker: "test", failures: 1 } });
    expect(logs[0]?.obj.err).toEqual(new Error("database down"));
  });

  it("runs one batch at a time: a run asked for meanwhile follows the running one", async () => {
    const first = gate();
    let active = 0;
    let most = 0;
    let calls = 0;
    const worker = start({
      batch: async () => {
        calls++;
        active++;
        most = Math.max(most, active);
        if (calls === 1) await first.promise;
        active--;
        return 1;
      },
    });
    const a = worker.runNow();
    const b = worker.runNow();
    const c = worker.runNow();
    expect(b).toBe(c); // one follow-up run for any number of requests
    first.open();
    expect(await Promise.all([a, b, c])).toEqual([1, 1, 1]);
    expect(calls).toBe(2);
    expect(most).toBe(1);
  });

  it("stops cleanly: waits for the running batch, then never runs again", async () => {
    vi.useFakeTimers();
    const running = gate();
    let finished = false;
    const batch = vi.fn(async () => {
      await running.promise;
      finished = true;
      return 0;
    });
    const worker = start({ batch, intervalMs: 10 });
    await vi.advanceTimersByTimeAsync(10);
    expect(batch).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    running.open();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(await worker.runNow()).toBe(0);
  });
});
