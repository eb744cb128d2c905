import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import InputAdornment from "@mui/material/InputAdornment";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link as RouterLink, useNavigate, useNavigation, useSearchParams } from "react-router";
import { ModeBadge } from "../../components/ModeBadge.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { formatDate } from "../../lib/format.ts";
import { PAGE_SIZES, pagingFromParams } from "../../lib/paging.ts";
import { membersQuery } from "./api.ts";
import { MemberStatusChip } from "./StatusChip.tsx";

/** 0-based page for TablePagination, kept within the pages that exist. */
export function clampPage(page: number, total: number, pageSize: number): number {
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  return Math.min(Math.max(0, page - 1), last);
}

/** `/admin`: every member, searchable and paged. */
export function MembersPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const { page, pageSize } = pagingFromParams(params, { pageSize: 20 });
  const [draft, setDraft] = useState(search);
  const members = useQuery(membersQuery(search, page, pageSize));

  // Search as the admin types, a moment after the last key; not while leaving the page (a pending
  // search would replace the location and cancel the navigation to a member).
  const leaving = useNavigation().state !== "idle";
  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (leaving || draft.trim() === search) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (draft.trim()) next.set("search", draft.trim());
          else next.delete("search");
          next.delete("page");
          return next;
        },
        { replace: true },
      );
    }, 300);
    pendingSearch.current = timer;
    return () => clearTimeout(timer);
  }, [draft, search, setParams, leaving]);
  // A click on a member wins over a search still waiting to run (it would cancel the navigation).
  const openMember = (uid: string) => {
    clearTimeout(pendingSearch.current);
    void navigate(`/admin/members/${encodeURIComponent(uid)}`);
  };

  const setPaging = (nextPage: number, nextSize: number) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set("page", String(nextPage));
      next.set("pageSize", String(nextSize));
      return next;
    });
  };

  return (
    <Box>
      <PageHeader title="Members" subtitle={members.data ? `${members.data.total} in total` : undefined} />
      <TextField
        type="search"
        label="Search members"
        placeholder="Name, username or email"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        sx={{ mb: 2, maxWidth: 420 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
      />
      {members.isError ? (
        <QueryError error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <Paper variant="outlined">
          {members.isFetching ? <LinearProgress aria-label="Loading members" /> : <Box sx={{ height: 4 }} />}
          <TableContainer sx={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Members table">
            <Table size="small" aria-label="Members">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Mode</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Joined</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {members.data?.items.map((member) => (
                  <TableRow key={member.uid} hover onClick={() => openMember(member.uid)} sx={{ cursor: "pointer" }}>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`/admin/members/${encodeURIComponent(member.uid)}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          clearTimeout(pendingSearch.current);
                        }}
                        underline="hover"
                        sx={{ display: "block" }}
                      >
                        <Box component="span" sx={{ display: "block", fontWeight: 600 }}>
                          {member.fullName}
                        </Box>
                        <Box component="span" sx={{ display: "block", fontSize: "0.875rem" }}>
                          @{member.userName}
                          {member.role === "admin" ? " · admin" : ""}
                        </Box>
                      </Link>
                    </TableCell>
                    <TableCell sx={{ wordBreak: "break-all" }}>{member.email}</TableCell>
                    <TableCell>
                      <ModeBadge userTrading={member.userTrading} />
                    </TableCell>
                    <TableCell>
                      <MemberStatusChip member={member} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(member.createdAt)}</TableCell>
                  </TableRow>
                ))}
                {members.data && members.data.items.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={5}>
                      <Typography sx={{ py: 2, textAlign: "center" }}>No members found.</Typography>
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
            count={members.data?.total ?? 0}
            page={clampPage(page, members.data?.total ?? 0, pageSize)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_, next) => setPaging(next + 1, pageSize)}
            onRowsPerPageChange={(event) => setPaging(1, Number(event.target.value))}
          />
        </Paper>
      )}
    </Box>
  );
}
