import {
  DEMO_GRANT_CENTS,
  MEMBER_ACCOUNTS,
  type MemberAccount,
  TRANSACTION_KINDS,
  type TransactionKind,
  type WalletEntry,
} from "@helio/shared";
import AddIcon from "@mui/icons-material/Add";
import DownloadIcon from "@mui/icons-material/Download";
import RestartAltIcon from "@mui/icons-material/RestartAlt";
import SendIcon from "@mui/icons-material/Send";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { entryDescription } from "../../lib/ledger.ts";
import { PAGE_SIZES } from "../../lib/paging.ts";
import { historyQuery, useResetDemo, useWalletLive } from "./api.ts";
import { BalanceCards } from "./BalanceCards.tsx";
import {
  accountLabel,
  dateRangeProblem,
  filtersFromParams,
  filtersToParams,
  type HistoryFilters,
  historyCsvHref,
  kindLabel,
  referenceHref,
} from "./model.ts";

function ResetDemo() {
  const reset = useResetDemo();
  const [open, setOpen] = useState(false);
  const idempotency = useIdempotencyKey();
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const confirm = () => {
    reset.mutate(idempotency.key, {
      onSuccess: (result) => {
        setMessage({
          kind: "success",
          text: result.transactionId ? "Your demo balance was reset." : "Your demo balance was already full.",
        });
        idempotency.succeeded();
      },
      onError: (error) => {
        idempotency.failed(error);
        setMessage({ kind: "error", text: errorMessage(error) });
      },
      onSettled: () => setOpen(false),
    });
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<RestartAltIcon />}
        onClick={() => {
          setMessage(null);
          setOpen(true);
        }}
      >
        Reset demo balance
      </Button>
      {message ? (
        <Alert severity={message.kind} sx={{ mt: 1 }} role="status">
          {message.text}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={open}
        title="Reset demo balance?"
        message={
          <>
            Your demo balance will be set to <Money cents={DEMO_GRANT_CENTS} />. Open Free trades are not affected.
          </>
        }
        confirmLabel="Reset"
        busy={reset.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const COLUMNS: Column<WalletEntry>[] = [
  {
    key: "date",
    header: "Date",
    nowrap: true,
    render: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
  },
  { key: "kind", header: "Kind", nowrap: true, render: (e) => kindLabel(e.kind) },
  { key: "account", header: "Account", nowrap: true, render: (e) => accountLabel(e.account) },
  {
    key: "amount",
    header: "Amount",
    align: "right",
    nowrap: true,
    render: (e) => (
      <Money cents={e.amountCents} signed sx={e.amountCents > 0 ? { color: "success.main", fontWeight: 600 } : {}} />
    ),
  },
  {
    key: "after",
    header: "Balance after",
    align: "right",
    nowrap: true,
    render: (e) => <Money cents={e.balanceAfterCents} />,
  },
  {
    key: "reference",
    header: "Reference",
    nowrap: true,
    render: (e) => {
      const href = referenceHref(e.reference);
      const text = entryDescription(e);
      return href ? (
        <Link component={RouterLink} to={href}>
          {text}
        </Link>
      ) : (
        text
      );
    },
  },
];

function History() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const history = useQuery(historyQuery(filters));
  const rangeProblem = dateRangeProblem(filters.from, filters.to);
  const update = (change: Partial<HistoryFilters>) => {
    setParams(filtersToParams({ ...filters, page: 1, ...change }), { replace: true });
  };
  const filtered = Boolean(filters.kind || filters.account || filters.from || filters.to);

  return (
    <Box component="section" aria-labelledby="history-heading">
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", mb: 2 }}>
        <Typography id="history-heading" variant="h2" component="h2" sx={{ flexGrow: 1 }}>
          History
        </Typography>
        <Button
          component="a"
          href={historyCsvHref(filters)}
          download
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={Boolean(rangeProblem)}
        >
          Export CSV
        </Button>
      </Box>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, minmax(0, 1fr)) auto" },
          alignItems: "start",
          mb: 2,
        }}
      >
        <TextField
          select
          label="Kind"
          value={filters.kind ?? ""}
          onChange={(event) => update({ kind: (event.target.value || undefined) as TransactionKind | undefined })}
        >
          <MenuItem value="">All kinds</MenuItem>
          {TRANSACTION_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {kindLabel(kind)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Account"
          value={filters.account ?? ""}
          onChange={(event) => update({ account: (event.target.value || undefined) as MemberAccount | undefined })}
        >
          <MenuItem value="">All accounts</MenuItem>
          {MEMBER_ACCOUNTS.map((account) => (
            <MenuItem key={account} value={account}>
              {accountLabel(account)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label="From"
          value={filters.from ?? ""}
          onChange={(event) => update({ from: event.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(rangeProblem)}
        />
        <TextField
          type="date"
          label="To"
          value={filters.to ?? ""}
          onChange={(event) => update({ to: event.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(rangeProblem)}
          helperText={rangeProblem ?? undefined}
        />
        <Button
          color="inherit"
          onClick={() => update({ kind: undefined, account: undefined, from: undefined, to: undefined })}
          disabled={!filtered}
          sx={{ height: { md: 56 }, gridColumn: { xs: "1 / -1", md: "auto" } }}
        >
          Clear filters
        </Button>
      </Box>
      <DataTable
        label="Ledger entries"
        columns={COLUMNS}
        rows={rangeProblem ? [] : history.data?.items}
        rowKey={(e) => String(e.id)}
        loading={history.isFetching}
        error={history.isError ? history.error : undefined}
        onRetry={() => void history.refetch()}
        empty={filtered ? "No entries match these filters." : "No movements yet."}
        paging={{
          page: filters.page,
          pageSize: filters.pageSize,
          total: history.data?.total ?? 0,
          sizes: PAGE_SIZES,
          onPage: (page, pageSize) => setParams(filtersToParams({ ...filters, page, pageSize })),
        }}
      />
    </Box>
  );
}

/** `/wallet` (menu label Balance): the member's accounts, demo reset, and the ledger history. */
export function WalletPage() {
  const balances = useMemberBalances();
  useWalletLive();
  return (
    <Box>
      <PageHeader
        title="Balance"
        subtitle="Your accounts and every movement of money on them."
        actions={
          <>
            <Button component={RouterLink} to="/add-balance" variant="contained" startIcon={<AddIcon />}>
              Add Balance
            </Button>
            <Button component={RouterLink} to="/withdrawal" variant="outlined" startIcon={<SendIcon />}>
              Withdraw
            </Button>
          </>
        }
      />
      <Stack spacing={4}>
        <Box component="section" aria-labelledby="balances-heading">
          <Typography id="balances-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
            Accounts
          </Typography>
          {balances.isError ? (
            <Alert severity="error">{errorMessage(balances.error)}</Alert>
          ) : (
            <BalanceCards balances={balances.data} actions={{ demo: <ResetDemo /> }} />
          )}
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            <Link component={RouterLink} to="/view-withdrawal">
              View your withdrawals
            </Link>
            {" · "}
            <Link component={RouterLink} to="/invoice-balance">
              View your deposit invoices
            </Link>
          </Typography>
        </Box>
        <History />
      </Stack>
    </Box>
  );
}
