import { keepPreviousData, type QueryKey, queryOptions, useQueryClient } from "@tanstack/react-query";
import { type ApiFetchOptions, apiFetch } from "./api.ts";
import type { SchemaSource } from "./schemas.ts";

/** How often, how long and how hard a read is cached and retried (TanStack Query's options of the same names). */
export interface ReadOptions {
  staleTime?: number;
  gcTime?: number;
  retry?: boolean;
  refetchInterval?: number;
}

/** `GET path`, checked by `schema` and cached under `queryKey`: the query of one record or setting. */
export function readQuery<K extends QueryKey, T>(
  queryKey: K,
  path: string,
  schema: SchemaSource<T>,
  options: ReadOptions = {},
) {
  return queryOptions({ ...options, queryKey, queryFn: ({ signal }) => apiFetch(path, { schema, signal }) });
}

/**
 * `GET path?query` of one page of a list. While the next page loads, the page shown stays (rather
 * than a blank table), so paging and filtering do not make the screen jump.
 */
export function pagedQuery<K extends QueryKey, T>(
  queryKey: K,
  path: string,
  schema: SchemaSource<T>,
  query: ApiFetchOptions<T>["query"],
  options: ReadOptions = {},
) {
  return queryOptions({
    ...options,
    queryKey,
    queryFn: ({ signal }) => apiFetch(path, { query, schema, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a change the server answered with the changed record: that record in the cache at once
 * (under `keyOf(answer)`), and the answers that depend on it (`stale`: lists, balances…) read again.
 */
export function useStoreAnswer<T>(keyOf: (answer: T) => QueryKey, ...stale: QueryKey[]) {
  const queryClient = useQueryClient();
  return (answer: T) => {
    queryClient.setQueryData(keyOf(answer), answer);
    for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
  };
}

/**
 * Marks cached answers stale after a change, so the screens showing them read them again. It does
 * not wait for those reads: the mutation that called it is done as soon as the server answered.
 */
export function useRefresh() {
  const queryClient = useQueryClient();
  return (...keys: QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}
