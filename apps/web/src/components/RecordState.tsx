import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import type { UseQueryResult } from "@tanstack/react-query";
import { isApiError } from "../lib/api.ts";
import { NotFound } from "./NotFound.tsx";
import { PageHeader } from "./PageHeader.tsx";
import { QueryError } from "./QueryError.tsx";

/**
 * What a one-record page shows before it has its record: a skeleton while loading, the not-found
 * page for an unknown (or malformed) id, else the error with a retry.
 */
export function RecordState({
  query,
  title,
  height,
}: {
  query: UseQueryResult<unknown>;
  title: string;
  height: number;
}) {
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) return <NotFound />;
    return (
      <Box>
        <PageHeader title={title} />
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  }
  return (
    <Box aria-busy="true">
      <PageHeader title={title} />
      <Skeleton variant="rounded" height={height} />
    </Box>
  );
}
