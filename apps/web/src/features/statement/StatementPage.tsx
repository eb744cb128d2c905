import {
  MEMBER_ACCOUNTS,
  type MemberAccount,
  TRANSACTION_KINDS,
  type TransactionKind,
  type WalletEntry,
} from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useSearchParams } from "react-router";
import { Columns } from "../../components/Columns.tsx";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { DateRangeFields } from "../../components/DateField.tsx";
import { EntryDescription } from "../../components/EntryDescription.tsx";
import { LEDGER_COLUMNS } from "../../components/ledger-columns.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageSection } from "../../components/PageSection.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { accountLabel, kindLabel } from "../../lib/ledger.ts";
import { PAGE_SIZES } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { statementQuery } from "./api.ts";
import { Figures } from "./Figures.tsx";
import { FileButtons } from "./FileButtons.tsx";
import { MailStatement } from "./MailStatement.tsx";
import {
  filtersToParams,
  periodBroken,
  type StatementFilters,
  statementFileHref,
  statementFiltersFrom,
} from "./model.ts";

const COLUMNS: Column<WalletEntry>[] = [
  LEDGER_COLUMNS.date,
  LEDGER_COLUMNS.kind,
  { key: "reference", header: <Trans>Reference</Trans>, render: (e) => <EntryDescription entry={e} /> },
  LEDGER_COLUMNS.amount,
  { ...LEDGER_COLUMNS.balanceAfter, header: <Trans>Balance</Trans> },
];

/** `/statement`: every movement of one account with its running balance, opening, closing and totals. */
export function StatementPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const filters = statementFiltersFrom(params);
  const statement = useQuery(statementQuery(filters));
  const broken = periodBroken(filters);
  const update = (change: Partial<StatementFilters>) =>
    setParams(filtersToParams({ ...filters, page: 1, ...change }), { replace: true });
  // Real money first; the demo account is Practice money and never shares a total with it.
  const accountOptions = MEMBER_ACCOUNTS.map((account) => ({
    value: account,
    label: account === "demo" ? `${accountLabel(account)} (${t`Practice`})` : accountLabel(account),
  }));
  const kindOptions = TRANSACTION_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }));
  const data = broken ? undefined : statement.data;
  const money = (microcents: bigint | undefined) =>
    microcents === undefined ? "…" : <Money microcents={microcents} />;

  return (
    <Box>
      <PageHeader
        title={t`Statement`}
        subtitle={t`Every movement of one account with its running balance, and the figures that sum it up.`}
      />
      <Stack spacing={4}>
        <PageSection
          id="statement-heading"
          title={t`Movements`}
          actions={
            <FileButtons
              csv={statementFileHref(filters, "csv")}
              pdf={statementFileHref(filters, "pdf")}
              disabled={broken}
            />
          }
        >
          <Columns template={{ xs: "1fr 1fr", md: "repeat(4, minmax(0, 1fr))" }} sx={{ mb: 1 }}>
            <SelectField
              label={t`Account`}
              value={filters.account}
              onChange={(event) => update({ account: event.target.value as MemberAccount })}
              options={accountOptions}
            />
            <SelectField
              label={t`Kind`}
              value={filters.kind ?? ""}
              onChange={(event) => update({ kind: (event.target.value || undefined) as TransactionKind | undefined })}
              allLabel={t`All kinds`}
              options={kindOptions}
            />
            <DateRangeFields
              from={filters.from ?? ""}
              to={filters.to ?? ""}
              onChange={(end, value) => update({ [end]: value || undefined })}
              problem={broken ? t`The start date is after the end date.` : null}
            />
          </Columns>
          <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
            <Trans>
              Dates are whole days in UTC. Opening and closing balances are the account's, whatever the kind.
            </Trans>
          </Typography>
          <Figures
            label={t`Statement figures`}
            items={[
              { label: t`Opening balance`, value: money(data?.openingMicrocents) },
              { label: t`Money in`, value: money(data?.totals.inMicrocents) },
              { label: t`Money out`, value: money(data?.totals.outMicrocents) },
              { label: t`Net change`, value: money(data?.totals.netMicrocents) },
              { label: t`Closing balance`, value: money(data?.closingMicrocents) },
            ]}
          />
          <DataTable
            label={t`Statement movements`}
            columns={COLUMNS}
            rows={data?.items}
            rowKey={(e) => String(e.id)}
            loading={statement.isFetching}
            error={statement.isError ? statement.error : undefined}
            onRetry={() => void statement.refetch()}
            empty={t`No movements in this period.`}
            paging={{
              page: filters.page,
              pageSize: filters.pageSize,
              total: data?.total ?? 0,
              sizes: PAGE_SIZES,
              onPage: (page, pageSize) => setParams(filtersToParams({ ...filters, page, pageSize })),
            }}
          />
          <Stack direction="row" spacing={2} sx={{ mt: 1.5 }}>
            <Button color="inherit" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
              <Trans>Clear filters</Trans>
            </Button>
            <Link component={RouterLink} to={paths.profitTable} sx={{ alignSelf: "center" }}>
              <Trans>Profit table</Trans>
            </Link>
          </Stack>
        </PageSection>
        <MailStatement account={filters.account} />
      </Stack>
    </Box>
  );
}
