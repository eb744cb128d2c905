import { type QueryClient, type QueryKey, QueryObserver } from "@tanstack/react-query";
import { expect } from "vitest";

/**
 * A query observed under `key` whose reads are held open: each answers what `server.value` was
 * when it began, once `release` is called. Resolves when the first read has landed.
 */
export async function heldReads<T>(client: QueryClient, key: QueryKey, initial: T) {
  const server = { value: initial, reads: 0, pending: [] as (() => void)[] };
  const observer = new QueryObserver(client, {
    queryKey: key,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => {
      server.reads += 1;
      const answer = server.value;
      return new Promise<T>((resolve) => server.pending.push(() => resolve(answer)));
    },
  });
  const stop = observer.subscribe(() => {});
  const release = () => {
    for (const answer of server.pending.splice(0)) answer();
  };
  release();
  await expect.poll(() => client.getQueryData(key)).toBe(initial);
  return { server, release, stop };
}
