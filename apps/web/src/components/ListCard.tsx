import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../lib/api.ts";
import { SectionCard } from "./SectionCard.tsx";

interface ListCardProps {
  /** The id of the h2 that names the card. */
  id: string;
  title: string;
  /** The query of the items: its error, or a placeholder until it has an answer. */
  query: Pick<UseQueryResult, "isError" | "error" | "data">;
  /** What to say (and link to) when the answer has no items; null while there are some. */
  empty: ReactNode;
  /** The link under the list to the screen with all the items; none when null. */
  more?: { to: string; label: string } | null;
  /** The items, as `li`s. */
  children: ReactNode;
}

/** A dashboard card of a short list (the next open trades, the last transactions…) with a link to the full screen. */
export function ListCard({ id, title, query, empty, more, children }: ListCardProps) {
  return (
    <SectionCard id={id} title={title} headingGap={1.5}>
      {query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : !query.data ? (
        <Skeleton variant="rounded" height={64} />
      ) : empty ? (
        <Typography sx={{ color: "text.secondary" }}>{empty}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
          {children}
        </Box>
      )}
      {more ? (
        <Link component={RouterLink} to={more.to} sx={{ display: "inline-block", mt: 1.5 }}>
          {more.label}
        </Link>
      ) : null}
    </SectionCard>
  );
}
