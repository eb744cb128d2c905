import Box from "@mui/material/Box";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { QueryError } from "../../components/QueryError.tsx";
import { EmptyRow, TableFrame } from "../../components/TableFrame.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { auditQuery } from "./api.ts";
import { auditSentence } from "./audit-sentences.ts";

interface AuditTableProps {
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  targetUserId?: string;
  /** Hide the member column (on a member's own page). */
  hideTarget?: boolean;
  label: string;
}

/** Audit entries as a paged table. `page` is 1-based. */
export function AuditTable({ page, pageSize, onPage, targetUserId, hideTarget = false, label }: AuditTableProps) {
  const audit = useQuery(auditQuery(page, pageSize, targetUserId));
  if (audit.isError) return <QueryError error={audit.error} onRetry={() => void audit.refetch()} />;
  const items = audit.data?.items ?? [];
  const total = audit.data?.total ?? 0;
  const columns = hideTarget ? 4 : 5;
  return (
    <TableFrame
      label={label}
      loading={audit.isFetching}
      loadingLabel="Loading audit entries"
      head={
        <>
          <TableCell>When</TableCell>
          <TableCell>By</TableCell>
          {hideTarget ? null : <TableCell>Member</TableCell>}
          <TableCell>What happened</TableCell>
          <TableCell>IP</TableCell>
        </>
      }
      paging={{ page, pageSize, total, onPage }}
    >
      {items.map((entry) => (
        <TableRow key={entry.id}>
          <TableCell sx={{ whiteSpace: "nowrap" }}>
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </TableCell>
          <TableCell>{entry.actorName ?? "System"}</TableCell>
          {hideTarget ? null : <TableCell>{entry.targetName ?? "—"}</TableCell>}
          <TableCell sx={{ minWidth: 220, maxWidth: 480, wordBreak: "break-word" }}>
            {auditSentence(entry)}
            {/* The recorded key, for operators who search the log for it. */}
            <Box
              component="span"
              sx={{ display: "block", fontFamily: "monospace", fontSize: "0.75rem", color: "text.secondary" }}
            >
              {entry.action}
            </Box>
          </TableCell>
          <TableCell sx={{ whiteSpace: "nowrap" }}>{entry.ip ?? "—"}</TableCell>
        </TableRow>
      ))}
      {audit.data && items.length === 0 ? (
        <EmptyRow colSpan={columns}>
          <Typography sx={{ py: 2, textAlign: "center" }}>No entries yet.</Typography>
        </EmptyRow>
      ) : null}
    </TableFrame>
  );
}
