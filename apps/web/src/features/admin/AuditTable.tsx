import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { QueryError } from "../../components/QueryError.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { actionLabel, auditQuery, describeChange } from "./api.ts";
import { clampPage } from "./MembersPage.tsx";

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
  const columns = hideTarget ? 5 : 6;
  return (
    <Paper variant="outlined">
      {audit.isFetching ? <LinearProgress aria-label="Loading audit entries" /> : <Box sx={{ height: 4 }} />}
      <TableContainer sx={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={label}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Admin</TableCell>
              <TableCell>Action</TableCell>
              {hideTarget ? null : <TableCell>Member</TableCell>}
              <TableCell>Change</TableCell>
              <TableCell>IP</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </TableCell>
                <TableCell>{entry.actorName ?? "System"}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  <Box
                    component="span"
                    title={actionLabel(entry.action)}
                    sx={{ fontFamily: "monospace", fontSize: "0.8125rem" }}
                  >
                    {entry.action}
                  </Box>
                </TableCell>
                {hideTarget ? null : <TableCell>{entry.targetName ?? "—"}</TableCell>}
                <TableCell sx={{ maxWidth: 360, wordBreak: "break-word", fontSize: "0.8125rem" }}>
                  {describeChange(entry.before, entry.after)}
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{entry.ip ?? "—"}</TableCell>
              </TableRow>
            ))}
            {audit.data && items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns}>
                  <Typography sx={{ py: 2, textAlign: "center" }}>No entries yet.</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        labelRowsPerPage="Per page"
        sx={{ "& .MuiTablePagination-toolbar": { flexWrap: "wrap", rowGap: 0.5 } }}
        count={total}
        page={clampPage(page, total, pageSize)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[10, 20, 50, 100]}
        onPageChange={(_, next) => onPage(next + 1, pageSize)}
        onRowsPerPageChange={(event) => onPage(1, Number(event.target.value))}
      />
    </Paper>
  );
}
