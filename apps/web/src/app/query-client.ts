import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "../lib/api.ts";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The page's one data cache. A module value, not a provider's state: the providers sit below the
 * sign-in page in the route tree (decision 0013), so they unmount there and mount again after, and
 * the cache must outlive that. Loaded on demand from outside the providers (sign-in, a blocked account).
 */
export function appQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
