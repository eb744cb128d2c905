import {
  DEMO_GRANT_MICROCENTS,
  MEMBER_ACCOUNTS,
  type MemberAccount,
  TRANSACTION_KINDS,
  type TransactionKind,
  type WalletEntry,
} from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import AddIcon from "@mui/icons-material/Add";
import DownloadIcon from "@mui/icons-material/Download";
import RestartAltIcon from "@mui/icons-material/RestartAlt";
import SendIcon from "@mui/icons-material/Send";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { Columns } from "../../components/Columns.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { DateRangeFields } from "../../components/DateField.tsx";
import { EntryDescription } from "../../components/EntryDescription.tsx";
import { LEDGER_COLUMNS } from "../../components/ledger-columns.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageSection } from "../../components/PageSection.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { PAGE_SIZES } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { StatementLinks } from "../statement/index.ts";
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
  const { t } = useLingui();
  const reset = useResetDemo();
  const [open, setOpen] = useState(false);
  const idempotency = useIdempotencyKey();
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const confirm = () => {
    reset.mutate(idempotency.key, {
      onSuccess: (result) => {
        setMessage({
          kind: "success",
          text: result.transactionId ? t`Your demo balance was reset.` : t`Your demo balance was already full.`,
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
        <Trans>Reset demo balance</Trans>
      </Button>
      {message ? (
        <Alert severity={message.kind} sx={{ mt: 1 }} role="status">
          {message.text}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={open}
        title={t`Reset demo balance?`}
        message={
          <Trans>
            Your demo balance will be set to <Money microcents={DEMO_GRANT_MICROCENTS} />. Open Free trades are not
            affected.
          </Trans>
        }
        confirmLabel={t`Reset`}
        busy={reset.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const COLUMNS: Column<WalletEntry>[] = [
  LEDGER_COLUMNS.date,
  LEDGER_COLUMNS.kind,
  LEDGER_COLUMNS.account,
  LEDGER_COLUMNS.amount,
  LEDGER_COLUMNS.balanceAfter,
  {
    key: "reference",
    header: <Trans>Reference</Trans>,
    render: (e) => {
      const href = referenceHref(e.reference);
      const text = <EntryDescription entry={e} />;
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
  const { t } = useLingui();
  // Worded here, so that they follow a switch of language.
  const kindOptions = TRANSACTION_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }));
  const accountOptions = MEMBER_ACCOUNTS.map((account) => ({ value: account, label: accountLabel(account) }));
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const history = useQuery(historyQuery(filters));
  const rangeProblem = dateRangeProblem(filters.from, filters.to);
  const update = (change: Partial<HistoryFilters>) => {
    setParams(filtersToParams({ ...filters, page: 1, ...change }), { replace: true });
  };
  const filtered = Boolean(filters.kind || filters.account || filters.from || filters.to);

  return (
    <PageSection
      id="history-heading"
      title={t`History`}
      actions={
        <Button
          component="a"
          href={historyCsvHref(filters)}
          download
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={Boolean(rangeProblem)}
        >
          <Trans>Export CSV</Trans>
        </Button>
      }
    >
      <Columns template={{ xs: "1fr 1fr", md: "repeat(4, minmax(0, 1fr)) auto" }} sx={{ mb: 2 }}>
        <SelectField
          label={t`Kind`}
          value={filters.kind ?? ""}
          onChange={(event) => update({ kind: (event.target.value || undefined) as TransactionKind | undefined })}
          allLabel={t`All kinds`}
          options={kindOptions}
        />
        <SelectField
          label={t`Account`}
          value={filters.account ?? ""}
          onChange={(event) => update({ account: (event.target.value || undefined) as MemberAccount | undefined })}
          allLabel={t`All accounts`}
          options={accountOptions}
        />
        <DateRangeFields
          from={filters.from ?? ""}
          to={filters.to ?? ""}
          onChange={(end, value) => update({ [end]: value || undefined })}
          problem={rangeProblem}
        />
        <Button
          color="inherit"
          onClick={() => update({ kind: undefined, account: undefined, from: undefined, to: undefined })}
          disabled={!filtered}
          sx={{ height: { md: 56 }, gridColumn: { xs: "1 / -1", md: "auto" } }}
        >
          <Trans>Clear filters</Trans>
        </Button>
      </Columns>
      <DataTable
        label={t`Ledger entries`}
        columns={COLUMNS}
        rows={rangeProblem ? [] : history.data?.items}
        rowKey={(e) => String(e.id)}
        loading={history.isFetching}
        error={history.isError ? history.error : undefined}
        onRetry={() => void history.refetch()}
        empty={filtered ? t`No entries match these filters.` : t`No movements yet.`}
        paging={{
          page: filters.page,
          pageSize: filters.pageSize,
          total: history.data?.total ?? 0,
          sizes: PAGE_SIZES,
          onPage: (page, pageSize) => setParams(filtersToParams({ ...filters, page, pageSize })),
        }}
      />
    </PageSection>
  );
}

/** `/wallet` (menu label Balance): the member's accounts, demo reset, and the ledger history. */
export function WalletPage() {
  const { t } = useLingui();
  const balances = useMemberBalances();
  useWalletLive();
  return (
    <Box>
      <PageHeader
        title={t`Balance`}
        subtitle={t`Your accounts and every movement of money on them.`}
        actions={
          <>
            <Button component={RouterLink} to={paths.addBalance} variant="contained" startIcon={<AddIcon />}>
              <Trans>Add Balance</Trans>
            </Button>
            <Button component={RouterLink} to={paths.withdrawal} variant="outlined" startIcon={<SendIcon />}>
              <Trans>Withdraw</Trans>
            </Button>
          </>
        }
      />
      <Stack spacing={4}>
        <PageSection id="balances-heading" title={t`Accounts`}>
          {balances.isError ? (
            <Alert severity="error">{errorMessage(balances.error)}</Alert>
          ) : (
            <BalanceCards balances={balances.data} actions={{ demo: <ResetDemo /> }} />
          )}
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            <Link component={RouterLink} to={paths.viewWithdrawal}>
              <Trans>View your withdrawals</Trans>
            </Link>
            {" · "}
            <Link component={RouterLink} to={paths.invoiceBalance}>
              <Trans>View your deposit invoices</Trans>
            </Link>
            {" · "}
            <StatementLinks />
          </Typography>
        </PageSection>
        <History />
      </Stack>
    </Box>
  );
}
