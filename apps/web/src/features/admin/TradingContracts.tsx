import { DURATION_LABELS, type TradeResult } from "@helio/shared";
import FilterAltOutlinedIcon from "@mui/icons-material/FilterAltOutlined";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Link as RouterLink, useNavigation, useSearchParams } from "react-router";
import type { Column } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { PagedTable, readingOtherRows } from "../../components/PagedTable.tsx";
import { SearchField } from "../../components/SearchField.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { type ChipColor, ToneChip } from "../../components/StatusChip.tsx";
import { formatDateTime, formatPrice } from "../../lib/format.ts";
import { pagingFromParams } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { type AdminTrade, adminContractsQuery, type ContractFilter } from "./trading-api.ts";

const FILTERS: { value: ContractFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "open", label: "Open" },
  { value: "settled", label: "Settled" },
];

const RESULTS: Record<TradeResult | "open", { label: string; color: ChipColor }> = {
  open: { label: "Open", color: "info" },
  win: { label: "Win", color: "success" },
  loss: { label: "Loss", color: "error" },
  equal: { label: "Equal", color: "default" },
  void: { label: "Void", color: "default" },
};

/** A contract's result (or "Open"), in words and colour; the member's win is the house's loss. */
function ResultChip({ contract }: { contract: AdminTrade }) {
  return <ToneChip {...RESULTS[contract.status === "open" ? "open" : (contract.result ?? "void")]} />;
}

/** The member of a contract: name and username, uid below, and a filter to show only theirs. */
function MemberCell({
  uid,
  member,
  onFilter,
}: {
  uid: string;
  member: { fullName: string; userName: string };
  onFilter: (uid: string) => void;
}) {
  const name = member.fullName || "Member";
  return (
    <Box sx={{ display: "flex", alignItems: "flex-start", gap: 0.5, minWidth: 170 }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link
          component={RouterLink}
          to={paths.adminMember(uid)}
          underline="hover"
          sx={{ fontWeight: 600, display: "block" }}
        >
          {name}
        </Link>
        {member.userName ? (
          <Typography variant="body2" sx={{ color: "text.secondary", wordBreak: "break-all" }}>
            @{member.userName}
          </Typography>
        ) : null}
        <Typography
          variant="caption"
          sx={{ display: "block", color: "text.secondary", fontFamily: "monospace", wordBreak: "break-all" }}
        >
          {uid}
        </Typography>
      </Box>
      <Tooltip title="Only this member">
        <IconButton size="small" aria-label={`Show only ${name}'s contracts (${uid})`} onClick={() => onFilter(uid)}>
          <FilterAltOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * Two lines in one cell: the value and a quieter line below it. One element, so that on a phone,
 * where a cell is a grid of its column's name and its value (`cardsOnPhones`), both lines stay on
 * the value's side.
 */
function TwoLines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <Box component="span" sx={{ display: "block" }}>
      <Box component="span" sx={{ display: "block" }}>
        {first}
      </Box>
      <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: "0.8125rem" }}>
        {second}
      </Box>
    </Box>
  );
}

/**
 * The columns of a list of contracts: the member (with `onFilter`, the button that shows only
 * theirs; left out on a member's own page), the contract, its mode, stake, result, payout, prices
 * and times.
 */
export function contractColumns(onFilter?: (uid: string) => void): Column<AdminTrade>[] {
  const member: Column<AdminTrade>[] = onFilter
    ? [
        {
          key: "member",
          header: "Member",
          render: (t) => <MemberCell uid={t.userId} member={t.member} onFilter={onFilter} />,
        },
      ]
    : [];
  return [
    ...member,
    {
      key: "contract",
      header: "Contract",
      nowrap: true,
      render: (t) => (
        <TwoLines
          first={`${t.symbol}/USDT ${t.direction === "up" ? "Up" : "Down"}`}
          second={`${t.payoutPercent}% · ${DURATION_LABELS[t.durationSeconds] ?? `${t.durationSeconds} s`}`}
        />
      ),
    },
    // The member's trading mode when placed: Real stakes the wallet, Free the demo money.
    { key: "mode", header: "Mode", nowrap: true, render: (t) => (t.account === "wallet" ? "Real" : "Free") },
    {
      key: "stake",
      header: "Stake",
      align: "right",
      nowrap: true,
      render: (t) => <Money microcents={t.amountMicrocents} />,
    },
    { key: "result", header: "Result", nowrap: true, render: (t) => <ResultChip contract={t} /> },
    {
      key: "payout",
      header: "Payout",
      align: "right",
      nowrap: true,
      render: (t) => (t.payoutMicrocents === null ? "—" : <Money microcents={t.payoutMicrocents} />),
    },
    {
      key: "prices",
      header: "Entry / exit",
      align: "right",
      nowrap: true,
      render: (t) => <TwoLines first={formatPrice(t.entryPrice)} second={formatPrice(t.exitPrice)} />,
    },
    {
      key: "time",
      header: "Opened / expires",
      nowrap: true,
      render: (t) => <TwoLines first={formatDateTime(t.entryAt)} second={formatDateTime(t.expiresAt)} />,
    },
  ];
}

type FilterChange = { status?: ContractFilter; uid?: string; page?: number; pageSize?: number };

/** The page address after a filter or paging change (defaults left out; a new filter starts on page 1). */
function nextParams(current: URLSearchParams, next: FilterChange): URLSearchParams {
  const out = new URLSearchParams(current);
  const set = (key: string, value: string | number | undefined, fallback: string) => {
    if (value === undefined) return;
    if (String(value) === fallback) out.delete(key);
    else out.set(key, String(value));
  };
  set("status", next.status, "all");
  set("uid", next.uid, "");
  set("page", next.page ?? (next.status !== undefined || next.uid !== undefined ? 1 : undefined), "1");
  set("pageSize", next.pageSize, "20");
  return out;
}

/** Every contract, newest first, filtered by status and member; the filters live in the page address. */
export function TradingContracts() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get("status");
  const status: ContractFilter = FILTERS.some((f) => f.value === rawStatus) ? (rawStatus as ContractFilter) : "all";
  const uid = (params.get("uid") ?? "").trim();
  const { page, pageSize } = pagingFromParams(params, { pageSize: 20 });
  const contracts = useQuery(adminContractsQuery(status, uid, page, pageSize));
  const [draft, setDraft] = useState(uid);

  // A change made before the previous one has reached the address (the router renders it in a
  // transition) builds on that one, not on the address it would otherwise overwrite.
  const intended = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (intended.current?.toString() === params.toString()) intended.current = null;
  }, [params]);
  const applyFilter = useCallback(
    (next: FilterChange) =>
      setParams(
        (current) => {
          intended.current = nextParams(intended.current ?? current, next);
          return intended.current;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Filter by member a moment after the last key; not while leaving the page (it would cancel the navigation).
  const leaving = useNavigation().state !== "idle";
  useEffect(() => {
    if (leaving || draft.trim() === uid) return;
    const timer = setTimeout(() => applyFilter({ uid: draft.trim() }), 300);
    return () => clearTimeout(timer);
  }, [draft, uid, leaving, applyFilter]);

  const onlyMember = (memberUid: string) => {
    setDraft(memberUid);
    applyFilter({ uid: memberUid });
  };
  const total = contracts.data?.total ?? 0;

  return (
    <Box>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap", mb: 2 }}>
        <SelectField
          size="small"
          label="Status"
          value={status}
          onChange={(event) => applyFilter({ status: event.target.value as ContractFilter })}
          sx={{ width: { xs: "100%", sm: 160 } }}
          options={FILTERS}
        />
        <SearchField
          size="small"
          label="Member uid"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          sx={{ width: { xs: "100%", sm: 320 } }}
          htmlInput={{ spellCheck: false, autoCapitalize: "none", maxLength: 100 }}
        />
        <Typography sx={{ color: "text.secondary" }} aria-live="polite">
          {contracts.data ? `${total} ${total === 1 ? "contract" : "contracts"}` : ""}
        </Typography>
      </Box>
      <PagedTable
        label="Contracts"
        columns={contractColumns(onlyMember)}
        query={contracts}
        rowKey={(t) => t.id}
        loading={readingOtherRows(contracts)}
        empty={uid || status !== "all" ? "No contracts match these filters." : "No contracts yet."}
        paging={{
          page,
          pageSize,
          onPage: (nextPage, nextSize) => applyFilter({ page: nextPage, pageSize: nextSize }),
        }}
      />
    </Box>
  );
}
