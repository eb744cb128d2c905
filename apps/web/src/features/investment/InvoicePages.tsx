import type { Investment, InvestmentInvoice } from "@helio/shared";
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
import { formatDateTime } from "../../lib/format.ts";
import { usePagingParams } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { invoiceQuery, myInvestmentsQuery } from "./api.ts";
import { durationText, rateText } from "./model.ts";
import { AccrualCountdown, InvestmentProgress } from "./parts.tsx";

const LIST_COLUMNS: Column<Investment>[] = [
  {
    key: "reference",
    header: "Invoice",
    nowrap: true,
    render: (inv) => (
      <Link component={RouterLink} to={paths.invoiceOne(inv.id)}>
        {inv.reference}
      </Link>
    ),
  },
  { key: "package", header: "Package", render: (inv) => inv.package.name },
  { key: "amount", header: "Amount", align: "right", nowrap: true, render: (inv) => <Money cents={inv.amountCents} /> },
  {
    key: "profit",
    header: "Profit so far",
    align: "right",
    nowrap: true,
    render: (inv) => <Money cents={inv.profitPaidCents} />,
  },
  { key: "periods", header: "Periods", nowrap: true, render: (inv) => `${inv.periodsPaid} / ${inv.durationPeriods}` },
  { key: "started", header: "Started", nowrap: true, render: (inv) => formatDateTime(inv.startedAt) },
  { key: "status", header: "Status", render: (inv) => <StatusChip status={inv.status} /> },
];

/** `/invoice` with no invoice chosen: the seed's 'Select an invoice' and the member's investments. */
export function InvoiceIndexPage() {
  const paging = usePagingParams({ pageSize: 20 });
  const list = useQuery(myInvestmentsQuery(paging.page, paging.pageSize));
  return (
    <Box>
      <PageHeader
        title="Investment invoice"
        subtitle="Select an invoice"
        actions={
          <Button component={RouterLink} to={paths.addInvestment} variant="contained">
            Add investment
          </Button>
        }
      />
      <PagedTable
        label="My investments"
        columns={LIST_COLUMNS}
        query={list}
        rowKey={(inv) => inv.id}
        empty="You have no investments yet."
        paging={paging}
      />
    </Box>
  );
}

type Period = InvestmentInvoice["schedule"][number];
const scheduleColumns = (periodSeconds: number): Column<Period>[] => [
  { key: "period", header: "Period", render: (p) => p.period },
  {
    key: "due",
    header: "Due",
    nowrap: true,
    // Short (demo) periods are seconds apart: their times show the seconds too.
    render: (p) => <time dateTime={p.dueAt}>{formatDateTime(p.dueAt, { seconds: periodSeconds < 3_600 })}</time>,
  },
  { key: "amount", header: "Profit", align: "right", nowrap: true, render: (p) => <Money cents={p.amountCents} /> },
  {
    key: "paid",
    header: "Credited",
    nowrap: true,
    render: (p) =>
      p.paid ? (
        <Chip size="small" variant="outlined" label={`Paid ${formatDateTime(p.paidAt)}`} />
      ) : (
        <Box component="span" sx={{ color: "text.secondary" }}>
          Not yet
        </Box>
      ),
  },
];

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
  return (
    <Box>
      {PRINT_STYLES}
      <PageHeader
        title="Investment invoice"
        subtitle={
          <>
            {inv.reference} · {inv.package.name}
          </>
        }
        actions={
          <Box className="no-print" sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
              Print
            </Button>
            <Button component={RouterLink} to={paths.invoice} color="inherit">
              All invoices
            </Button>
          </Box>
        }
      />
      <Stack spacing={3}>
        <SectionCard id="invoice-heading" title="Invoice">
          <DetailList
            columns={3}
            items={[
              { label: "Reference", value: inv.reference, wide: true },
              { label: "Package", value: inv.package.name },
              { label: "Status", value: <StatusChip status={inv.status} /> },
              { label: "Amount", value: <Money cents={inv.amountCents} /> },
              { label: "Rate", value: rateText(inv.dailyRateBps, inv.periodSeconds) },
              { label: "Duration", value: durationText(inv.durationPeriods, inv.periodSeconds) },
              { label: "Started", value: formatDateTime(inv.startedAt) },
              { label: "Matures", value: formatDateTime(inv.maturedAt ?? inv.maturesAt) },
              {
                label: "Next accrual",
                value: inv.nextAccrualAt ? <AccrualCountdown until={inv.nextAccrualAt} /> : "—",
              },
              { label: "Profit so far", value: <Money cents={inv.profitPaidCents} /> },
              // The same terms as Add investment's summary: without the capital back, it is in the profit.
              {
                label: inv.capitalReturn ? "Total profit" : "Total profit (capital included)",
                value: <Money cents={inv.totalProfitCents} />,
              },
              {
                label: "Capital return",
                value: inv.capitalReturn ? <Money cents={inv.capitalReturnCents} /> : "Not returned",
              },
              {
                label: "Gain over your amount",
                value: <Money cents={inv.totalProfitCents + inv.capitalReturnCents - inv.amountCents} signed />,
              },
            ]}
          />
          <Box sx={{ mt: 2 }}>
            <InvestmentProgress inv={inv} />
          </Box>
        </SectionCard>
        <SectionCard id="schedule-heading" title="Schedule" description="Each period's profit and when it is credited.">
          <DataTable
            label="Schedule"
            columns={scheduleColumns(inv.periodSeconds)}
            rows={inv.schedule.map((p) => (p.period <= inv.periodsPaid ? { ...p, paid: true } : p))}
            rowKey={(p) => String(p.period)}
            empty="No periods."
          />
        </SectionCard>
      </Stack>
    </Box>
  );
}

/** `/invoice/{id}`: one of the member's investments (another member's id: not found). */
export function InvoicePage() {
  const { slug = "" } = useParams();
  const invoice = useQuery(invoiceQuery(slug));
  if (!invoice.data) return <RecordState query={invoice} title="Investment invoice" height={480} />;
  return <Invoice inv={invoice.data} />;
}
