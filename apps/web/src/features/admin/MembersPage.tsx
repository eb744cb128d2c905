import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link as RouterLink, useNavigate, useNavigation, useSearchParams } from "react-router";
import { ModeBadge } from "../../components/ModeBadge.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { SearchField } from "../../components/SearchField.tsx";
import { EmptyRow, TableFrame } from "../../components/TableFrame.tsx";
import { formatDate } from "../../lib/format.ts";
import { PAGE_SIZES, pagingFromParams } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { membersQuery } from "./api.ts";
import { MemberStatusChip } from "./StatusChip.tsx";

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
    void navigate(paths.adminMember(uid));
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
      <PageHeader
        title="Members"
        subtitle={
          members.data
            ? search
              ? `${members.data.total} found`
              : `${members.data.total} in total; admins are not listed`
            : undefined
        }
      />
      <SearchField
        label="Search members"
        placeholder="Name, username or email"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        sx={{ mb: 2, maxWidth: 420 }}
      />
      {members.isError ? (
        <QueryError error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <TableFrame
          label="Members"
          regionLabel="Members table"
          loading={members.isFetching}
          head={
            <>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Mode</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Joined</TableCell>
            </>
          }
          paging={{ page, pageSize, total: members.data?.total ?? 0, sizes: PAGE_SIZES, onPage: setPaging }}
        >
          {members.data?.items.map((member) => (
            <TableRow key={member.uid} hover onClick={() => openMember(member.uid)} sx={{ cursor: "pointer" }}>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={paths.adminMember(member.uid)}
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
            <EmptyRow colSpan={5}>
              <Typography sx={{ py: 2, textAlign: "center" }}>No members found.</Typography>
            </EmptyRow>
          ) : null}
        </TableFrame>
      )}
    </Box>
  );
}
