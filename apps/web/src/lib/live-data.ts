import type { QueryClient, QueryFilters, QueryKey } from "@tanstack/react-query";

/**
 * Applies what a live message says (`apply` writes the cache). A read under `filters` already on
 * its way may carry what was true before the message (it was answered before the change was
 * saved); landing after the message, it would put the old data back until the next message. So
 * when one was on its way, the data is read again: invalidating drops (silently cancels) that read
 * and makes a new one, which sees at least what the message says, and a read that was meant to
 * catch up on missed messages still does.
 */
export function applyLive(queryClient: QueryClient, filters: QueryFilters, apply: () => void): Promise<void> {
  const readOnItsWay = queryClient.isFetching(filters) > 0;
  apply();
  return readOnItsWay ? queryClient.invalidateQueries(filters) : Promise.resolve();
}

/** `applyLive` for one key whose cached data the message replaces or patches. */
export function applyLiveData<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (current: T | undefined) => T | undefined,
): Promise<void> {
  return applyLive(queryClient, { queryKey, exact: true }, () => queryClient.setQueryData<T>(queryKey, update));
}
