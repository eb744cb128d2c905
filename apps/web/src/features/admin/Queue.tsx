import type { MemberRef } from "@helio/shared";
import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { PageHeader } from "../../components/PageHeader.tsx";
import type { PromptInput } from "../../components/PromptDialog.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { TablePager } from "../../components/TableFrame.tsx";
import { pagingFromParams } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";

const SIZES = [10, 20, 50] as const;

/** The reason a rejection asks for; the member reads it. */
export const REJECTION_REASON = {
  kind: "text",
  label: "Reason",
  field: "reason",
  multiline: true,
  helperText: "At least 3 characters.",
} as const satisfies PromptInput;

/** Status filter and paging of a queue, kept in the page address. */
export function useQueueParams<S extends string>(statuses: readonly S[], fallback: S) {
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status = raw && (statuses as readonly string[]).includes(raw) ? (raw as S) : fallback;
  const { page, pageSize } = pagingFromParams(params, { pageSize: 10, sizes: SIZES });
  const set = (next: { status?: S; page?: number; pageSize?: number }) => {
    const out = new URLSearchParams();
    const s = next.status ?? status;
    if (s !== fallback) out.set("status", s);
    const p = next.page ?? (next.status ? 1 : page);
    if (p !== 1) out.set("page", String(p));
    const z = next.pageSize ?? pageSize;
    if (z !== 10) out.set("pageSize", String(z));
    setParams(out, { replace: true });
  };
  return { status, page, pageSize, set };
}

interface QueueProps<S extends string> {
  label: string;
  statuses: readonly { value: S; label: string }[];
  status: S;
  onStatus: (status: S) => void;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number, pageSize: number) => void;
  loading: boolean;
  error?: unknown;
  onRetry: () => void;
  empty: string;
  count: number;
  /** The outcome of the last decision (the decided item may have left the list). */
  notice?: { kind: "success" | "error"; text: string } | null;
  onNoticeClose?: () => void;
  children: ReactNode;
}

/** A back-office queue: a status filter, the items (cards), and paging. */
export function Queue<S extends string>(props: QueueProps<S>) {
  return (
    <Box>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap", mb: 2 }}>
        <SelectField
          label="Status"
          value={props.status}
          onChange={(event) => props.onStatus(event.target.value as S)}
          sx={{ minWidth: 220 }}
          size="small"
          options={props.statuses}
        />
        <Typography sx={{ color: "text.secondary" }} aria-live="polite">
          {props.total} {props.total === 1 ? "item" : "items"}
        </Typography>
      </Box>
      {props.notice ? (
        <Alert severity={props.notice.kind} role="status" onClose={props.onNoticeClose} sx={{ mb: 2 }}>
          {props.notice.text}
        </Alert>
      ) : null}
      {props.loading ? <LinearProgress aria-label={`Loading ${props.label.toLowerCase()}`} sx={{ mb: 1 }} /> : null}
      {props.error ? (
        <QueryError error={props.error} onRetry={props.onRetry} />
      ) : props.count === 0 && !props.loading ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: "center" }}>
          <Typography sx={{ color: "text.secondary" }}>{props.empty}</Typography>
        </Paper>
      ) : (
        <Box component="ul" aria-label={props.label} sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2 }}>
          {props.children}
        </Box>
      )}
      {props.total > props.pageSize ? (
        <TablePager
          page={props.page}
          pageSize={props.pageSize}
          total={props.total}
          onPage={props.onPage}
          sizes={SIZES}
        />
      ) : null}
    </Box>
  );
}

/** The member an item belongs to, linking to their detail page. */
export function MemberLine({ member }: { member: MemberRef }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link component={RouterLink} to={paths.adminMember(member.uid)} sx={{ fontWeight: 700 }} underline="hover">
        {member.fullName}
      </Link>
      <Typography variant="body2" sx={{ color: "text.secondary", wordBreak: "break-all" }}>
        @{member.userName} · {member.email}
      </Typography>
    </Box>
  );
}

/** A private file (proof, ID document): a thumbnail for images, a link for anything else. */
export function FilePreview({ url, contentType, label }: { url: string; contentType: string; label: string }) {
  const image = contentType.startsWith("image/");
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener"
      underline="hover"
      aria-label={`${label}${image ? "" : " (PDF)"}, opens in a new tab`}
      sx={{ display: "inline-block", width: 160 }}
    >
      {image ? (
        <Box
          component="img"
          src={url}
          alt=""
          sx={{
            width: 160,
            height: 110,
            objectFit: "cover",
            display: "block",
            borderRadius: 1,
            border: 1,
            borderColor: "divider",
          }}
        />
      ) : null}
      <Typography variant="body2" component="span">
        {image ? label : `${label} (PDF)`}
      </Typography>
    </Link>
  );
}

/** The outcome of a decision, shown above the queue. */
export type QueueNotice = { kind: "success" | "error"; text: string };
type QueueList = { items: unknown[]; total: number };

/**
 * A whole queue page: header, the status filter and paging kept in the address, the list query
 * and the last decision's notice; each page supplies its statuses, query and item card.
 */
export function QueuePage<S extends string, L extends QueueList, K extends QueryKey>(props: {
  title: string;
  subtitle: string;
  label: string;
  statuses: readonly { value: S; label: string }[];
  fallback: S;
  query: (status: S, page: number, pageSize: number) => UseQueryOptions<L, Error, L, K>;
  /** The CSV export of the queue's filter (every page), when it has one. */
  csv?: (status: S) => string;
  renderItem: (item: L["items"][number], onDone: (notice: QueueNotice) => void) => ReactNode;
}) {
  const q = useQueueParams(
    props.statuses.map((s) => s.value),
    props.fallback,
  );
  const list = useQuery(props.query(q.status, q.page, q.pageSize));
  const [notice, setNotice] = useState<QueueNotice | null>(null);
  return (
    <Box>
      <PageHeader
        title={props.title}
        subtitle={props.subtitle}
        actions={
          props.csv ? (
            <Button component="a" href={props.csv(q.status)} download variant="outlined" startIcon={<DownloadIcon />}>
              Export CSV
            </Button>
          ) : undefined
        }
      />
      <Queue
        label={props.label}
        statuses={props.statuses}
        status={q.status}
        onStatus={(status) => q.set({ status })}
        page={q.page}
        pageSize={q.pageSize}
        total={list.data?.total ?? 0}
        onPage={(page, pageSize) => q.set({ page, pageSize })}
        loading={list.isFetching && !list.data}
        error={list.isError ? list.error : undefined}
        onRetry={() => void list.refetch()}
        empty="Nothing here."
        count={list.data?.items.length ?? 0}
        notice={notice}
        onNoticeClose={() => setNotice(null)}
      >
        {list.data?.items.map((item) => props.renderItem(item, setNotice))}
      </Queue>
    </Box>
  );
}
