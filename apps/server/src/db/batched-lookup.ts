import DataLoader from "dataloader";

/**
 * A lookup by key for hot reads: keys asked for while a lookup is in flight wait for the next
 * one, which answers all of them in one query (at most `maxBatch` keys). Each lookup starts after
 * its keys were asked for, so an answer is never older than its request: nothing is served from
 * memory. `lookup` answers every key, in order (null when there is nothing).
 */
export function createBatchedLookup<K, V>(
  lookup: (keys: readonly K[]) => Promise<V[]>,
  opts: { maxBatch?: number } = {},
): (key: K) => Promise<V> {
  let running = 0;
  const queued: (() => void)[] = [];
  const loader = new DataLoader<K, V>(
    async (keys) => {
      try {
        return await lookup(keys);
      } finally {
        running -= 1;
        queued.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: opts.maxBatch ?? 256,
      batchScheduleFn: (dispatch) => {
        const start = () => {
          running += 1;
          dispatch();
        };
        if (running < 1) setImmediate(start);
        else queued.push(start);
      },
    },
  );
  return (key) => loader.load(key);
}
