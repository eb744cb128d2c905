import type { Investment, InvestmentInvoice } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import PrintIcon from "@mui/icons-material/Print";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import GlobalStyles from "@mui/material/GlobalStyles";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { PagedTable } from "../../components/PagedTable.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { RecordState } from "../../components/RecordState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { exampleText } from "../../lib/example-words.ts";
import { formatDateTime } from "../../lib/format.ts";
import { usePagingParams } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { invoiceQuery, myInvestmentsQuery } from "./api.ts";
import { durationText, rateText } from "./model.ts";
import { AccrualCountdown, InvestmentProgress } from "./parts.tsx";

const LIST_COLUMNS: Column<Investment>[] = [
  {
    key: "reference",
    header: <Trans>Invoice</Trans>,
    nowrap: true,
    render: (inv) => (
      <Link component={RouterLink} to={paths.invoiceOne(inv.id)} dir="ltr" translate="no">
        {inv.reference}
      </Link>
    ),
  },
  { key: "package", header: <Trans>Package</Trans>, render: (inv) => exampleText(inv.package.name) },
  {
    key: "amount",
    header: <Trans>Amount</Trans>,
    align: "right",
    nowrap: true,
    render: (inv) => <Money microcents={inv.amountMicrocents} />,
  },
  {
    key: "profit",
    header: <Trans>Profit so far</Trans>,
    align: "right",
    nowrap: true,
    render: (inv) => <Money microcents={inv.profitPaidMicrocents} />,
  },
  {
    key: "periods",
    header: <Trans>Periods</Trans>,
    nowrap: true,
    render: (inv) => <bdi dir="ltr">{`${inv.periodsPaid} / ${inv.durationPeriods}`}</bdi>,
  },
  { key: "started", header: <Trans>Started</Trans>, nowrap: true, render: (inv) => formatDateTime(inv.startedAt) },
  { key: "status", header: <Trans>Status</Trans>, render: (inv) => <StatusChip status={inv.status} /> },
];

/** `/invoice` with no invoice chosen: the seed's 'Select an invoice' and the member's investments. */
export function InvoiceIndexPage() {
  const { t } = useLingui();
  const paging = usePagingParams({ pageSize: 20 });
  const list = useQuery(myInvestmentsQuery(paging.page, paging.pageSize));
  return (
    <Box>
      <PageHeader
        title={t`Investment invoice`}
        subtitle={t`Select an invoice`}
        actions={
          <Button component={RouterLink} to={paths.addInvestment} variant="contained">
            <Trans>Add investment</Trans>
          </Button>
        }
      />
      <PagedTable
        label={t`My investments`}
        columns={LIST_COLUMNS}
        query={list}
        rowKey={(inv) => inv.id}
        empty={t`You have no investments yet.`}
        paging={paging}
      />
    </Box>
  );
}

type Period = InvestmentInvoice["schedule"][number];
const scheduleColumns = (periodSeconds: number): Column<Period>[] => [
  { key: "period", header: <Trans>Period</Trans>, render: (p) => p.period },
  {
    key: "due",
    header: <Trans>Due</Trans>,
    nowrap: true,
    // Short (demo) periods are seconds apart: their times show the seconds too.
    render: (p) => <time dateTime={p.dueAt}>{formatDateTime(p.dueAt, { seconds: periodSeconds < 3_600 })}</time>,
  },
  {
    key: "amount",
    header: <Trans>Profit</Trans>,
    align: "right",
    nowrap: true,
    render: (p) => <Money microcents={p.amountMicrocents} />,
  },
  {
    key: "paid",
    header: <Trans>Credited</Trans>,
    nowrap: true,
    render: (p) =>
      p.paid ? (
        <Chip size="small" variant="outlined" label={<PaidAt at={formatDateTime(p.paidAt)} />} />
      ) : (
        <Box component="span" sx={{ color: "text.secondary" }}>
          <Trans>Not yet</Trans>
        </Box>
      ),
  },
];

/** "Paid 3 Mar 2026, 14:05" */
function PaidAt({ at }: { at: string }) {
  return <Trans>Paid {at}</Trans>;
}

/** Printing shows the invoice alone: the shell (bars, menus, chat) and the buttons are hidden. */
const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      "@media print": {
        "header, nav, aside, footer, .MuiAppBar-root, .MuiDrawer-root, .MuiFab-root, .MuiSnackbar-root, .no-print": {
          display: "none !important",
        },
        "main, body": { margin: "0 !important", padding: "0 !important", background: "#fff !important" },
        ".MuiCard-root": { boxShadow: "none !important", breakInside: "avoid" },
      },
    }}
  />
);

function Invoice({ inv }: { inv: InvestmentInvoice }) {
  const { t } = useLingui();
  return (
    <Box>
      {PRINT_STYLES}
      <PageHeader
        title={t`Investment invoice`}
        subtitle={
          <>
            <bdi dir="ltr" translate="no">
              {inv.reference}
            </bdi>{" "}
            · <bdi>{exampleText(inv.package.name)}</bdi>
          </>
        }
        actions={
          <Box className="no-print" sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
              <Trans>Print</Trans>
            </Button>
            <Button component={RouterLink} to={paths.invoice} color="inherit">
              <Trans>All invoices</Trans>
            </Button>
          </Box>
        }
      />
      <Stack spacing={3}>
        <SectionCard id="invoice-heading" title={t`Invoice`}>
          <DetailList
            columns={3}
            items={[
              {
                label: t`Reference`,
                value: (
                  <bdi dir="ltr" translate="no">
                    {inv.reference}
                  </bdi>
                ),
                wide: true,
              },
              { label: t`Package`, value: exampleText(inv.package.name) },
              { label: t`Status`, value: <StatusChip status={inv.status} /> },
              { label: t`Amount`, value: <Money microcents={inv.amountMicrocents} /> },
              { label: t`Rate`, value: rateText(inv.dailyRateBps, inv.periodSeconds) },
              { label: t`Duration`, value: durationText(inv.durationPeriods, inv.periodSeconds) },
              { label: t`Started`, value: formatDateTime(inv.startedAt) },
              { label: t`Matures`, value: formatDateTime(inv.maturedAt ?? inv.maturesAt) },
              {
                label: t`Next accrual`,
                value: inv.nextAccrualAt ? <AccrualCountdown until={inv.nextAccrualAt} /> : "—",
              },
              { label: t`Profit so far`, value: <Money microcents={inv.profitPaidMicrocents} /> },
              // The same terms as Add investment's summary: without the capital back, it is in the profit.
              {
                label: inv.capitalReturn ? t`Total profit` : t`Total profit (capital included)`,
                value: <Money microcents={inv.totalProfitMicrocents} />,
              },
              {
                label: t`Capital return`,
                value: inv.capitalReturn ? <Money microcents={inv.capitalReturnMicrocents} /> : t`Not returned`,
              },
              {
                label: t`Gain over your amount`,
                value: (
                  <Money
                    microcents={inv.totalProfitMicrocents + inv.capitalReturnMicrocents - inv.amountMicrocents}
                    signed
                  />
                ),
              },
            ]}
          />
          <Box sx={{ mt: 2 }}>
            <InvestmentProgress inv={inv} />
          </Box>
        </SectionCard>
        <SectionCard
          id="schedule-heading"
          title={t`Schedule`}
          description={t`Each period's profit and when it is credited.`}
        >
          <DataTable
            label={t`Schedule`}
            columns={scheduleColumns(inv.periodSeconds)}
            rows={inv.schedule.map((p) => (p.period <= inv.periodsPaid ? { ...p, paid: true } : p))}
            rowKey={(p) => String(p.period)}
            empty={t`No periods.`}
          />
        </SectionCard>
      </Stack>
    </Box>
  );
}

/** `/invoice/{id}`: one of the member's investments (another member's id: not found). */
export function InvoicePage() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const invoice = useQuery(invoiceQuery(slug));
  if (!invoice.data) return <RecordState query={invoice} title={t`Investment invoice`} height={480} />;
  return <Invoice inv={invoice.data} />;
}
