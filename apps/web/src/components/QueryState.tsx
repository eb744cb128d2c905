import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryError } from "./QueryError.tsx";

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** The height of the placeholder block while loading, about that of what comes. */
  height?: number;
  /** Rows of placeholder instead (a list or table): how many, and the height of each. */
  rows?: { count: number; height: number };
  /** What to show once the answer is there. */
  children: (data: T) => ReactNode;
}

/**
 * A part of a page that shows one query's answer: a placeholder while it loads, the error with a
 * retry when it failed, else `children(data)`.
 */
export function QueryState<T>({ query, height = 120, rows, children }: QueryStateProps<T>) {
  if (query.isPending) {
    if (!rows) return <Skeleton variant="rounded" height={height} />;
    return (
      <Box aria-busy="true">
        {Array.from({ length: rows.count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <Skeleton key={index} height={rows.height} />
        ))}
      </Box>
    );
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
