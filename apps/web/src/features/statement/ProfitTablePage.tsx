import { type ProfitRow, type TradingMode, tradingModeSchema } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useSearchParams } from "react-router";
import { Columns } from "../../components/Columns.tsx";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { DateRangeFields } from "../../components/DateField.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageSection } from "../../components/PageSection.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { PAGE_SIZES } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { profitQuery } from "./api.ts";
import { Figures } from "./Figures.tsx";
import { FileButtons } from "./FileButtons.tsx";
import { filtersToParams, type ProfitFilters, periodBroken, profitFileHref, profitFiltersFrom } from "./model.ts";

const time = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

function columns(t: ReturnType<typeof useLingui>["t"]): Column<ProfitRow>[] {
  return [
    { key: "pair", header: <Trans>Pair</Trans>, nowrap: true, render: (r) => `${r.symbol}/USDT` },
    {
      key: "direction",
      header: <Trans>Direction</Trans>,
      nowrap: true,
      render: (r) => (r.direction === "up" ? t`Up` : t`Down`),
    },
    {
      key: "mode",
      header: <Trans>Mode</Trans>,
      nowrap: true,
      render: (r) => (r.mode === "real" ? t`Real` : t`Practice`),
    },
    { key: "opened", header: <Trans>Opened</Trans>, nowrap: true, render: (r) => time(r.openedAt) },
    { key: "closed", header: <Trans>Closed</Trans>, nowrap: true, render: (r) => time(r.closedAt) },
    { key: "entry", header: <Trans>Entry price</Trans>, align: "right", nowrap: true, render: (r) => r.entryPrice },
    { key: "exit", header: <Trans>Exit price</Trans>, align: "right", nowrap: true, render: (r) => r.exitPrice ?? "—" },
    {
      key: "stake",
      header: <Trans>Stake</Trans>,
      align: "right",
      render: (r) => <Money microcents={r.stakeMicrocents} />,
    },
    {
      key: "payout",
      header: <Trans>Payout</Trans>,
      align: "right",
      render: (r) => <Money microcents={r.payoutMicrocents} />,
    },
    {
      key: "profit",
      header: <Trans>Profit or loss</Trans>,
      align: "right",
      render: (r) => (
        <Money
          microcents={r.profitMicrocents}
          signed
          sx={
            r.profitMicrocents > 0n
              ? { color: "success.main", fontWeight: 600 }
              : r.profitMicrocents < 0n
                ? { color: "error.main" }
                : {}
          }
        />
      ),
    },
  ];
}

/** `/profit-table`: every settled contract of one mode in a period, with totals; Real money unless Practice is chosen. */
export function ProfitTablePage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const filters = profitFiltersFrom(params);
  const table = useQuery(profitQuery(filters));
  const broken = periodBroken(filters);
  const update = (change: Partial<ProfitFilters>) =>
    setParams(filtersToParams({ ...filters, page: 1, ...change }), { replace: true });
  const modeOptions = tradingModeSchema.options.map((mode) => ({
    value: mode,
    label: mode === "real" ? t`Real` : t`Practice`,
  }));
  const data = broken ? undefined : table.data;
  const money = (microcents: bigint | undefined) =>
    microcents === undefined ? "…" : <Money microcents={microcents} />;

  return (
    <Box>
      <PageHeader
        title={t`Profit table`}
        subtitle={t`Every settled contract in a period: what you staked, what was paid and the result.`}
      />
      <PageSection
        id="profit-heading"
        title={t`Settled contracts`}
        actions={
          <FileButtons csv={profitFileHref(filters, "csv")} pdf={profitFileHref(filters, "pdf")} disabled={broken} />
        }
      >
        <Columns template={{ xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" }} sx={{ mb: 1 }}>
          <SelectField
            label={t`Mode`}
            value={filters.mode}
            onChange={(event) => update({ mode: event.target.value as TradingMode })}
            options={modeOptions}
          />
          <DateRangeFields
            from={filters.from ?? ""}
            to={filters.to ?? ""}
            onChange={(end, value) => update({ [end]: value || undefined })}
            problem={broken ? t`The start date is after the end date.` : null}
          />
        </Columns>
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
          <Trans>Dates are whole days in UTC; a contract counts on the day it was settled.</Trans>
        </Typography>
        <Figures
          label={t`Profit table totals`}
          items={[
            { label: t`Contracts`, value: data ? String(data.totals.count) : "…" },
            { label: t`Stake`, value: money(data?.totals.stakeMicrocents) },
            { label: t`Payout`, value: money(data?.totals.payoutMicrocents) },
            { label: t`Profit or loss`, value: money(data?.totals.profitMicrocents) },
          ]}
        />
        <DataTable
          label={t`Settled contracts`}
          columns={columns(t)}
          rows={data?.items}
          rowKey={(r) => r.id}
          loading={table.isFetching}
          error={table.isError ? table.error : undefined}
          onRetry={() => void table.refetch()}
          empty={t`No settled contracts in this period.`}
          paging={{
            page: filters.page,
            pageSize: filters.pageSize,
            total: data?.total ?? 0,
            sizes: PAGE_SIZES,
            onPage: (page, pageSize) => setParams(filtersToParams({ ...filters, page, pageSize })),
          }}
        />
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          <Link component={RouterLink} to={paths.statement}>
            <Trans>Statement</Trans>
          </Link>
        </Typography>
      </PageSection>
    </Box>
  );
}
