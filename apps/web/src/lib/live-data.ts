import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Puts what a live message says into the cache. A read of the same key already on its way may
 * carry what was true before the message (it was answered before the change was saved); landing
 * after the message, it would put the old value back until the next message. So that read is
 * cancelled and, once the message is in, made again: a read started after the message sees at
 * least what it says, and one that was meant to catch up on missed messages still does.
 */
export async function applyLiveData<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (current: T | undefined) => T | undefined,
): Promise<void> {
  const readOnItsWay = queryClient.isFetching({ queryKey, exact: true }) > 0;
  if (readOnItsWay) await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<T>(queryKey, update);
  if (readOnItsWay) await queryClient.invalidateQueries({ queryKey, exact: true });
}
