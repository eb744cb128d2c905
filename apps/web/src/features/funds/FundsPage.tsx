import type { Fund, WalletEntry } from "@helio/shared";
import { API } from "@helio/shared";
import DownloadIcon from "@mui/icons-material/Download";
import SendIcon from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useSearchParams } from "react-router";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { entryDescription, kindLabel } from "../../lib/ledger.ts";
import { PAGE_SIZES, pagingFromParams } from "../../lib/paging.ts";
import { fundHistoryQuery, fundSummaryQuery } from "./api.ts";
import { FUND_TEXT } from "./model.ts";

const COLUMNS: Column<WalletEntry>[] = [
  {
    key: "date",
    header: "Date",
    nowrap: true,
    render: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
  },
  { key: "kind", header: "Kind", nowrap: true, render: (e) => kindLabel(e.kind) },
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
  { key: "description", header: "Description", render: (e) => entryDescription(e) },
];

/** The fund's balance as a card (also on the withdrawal pages). */
export function FundBalanceCard({ fund }: { fund: Fund }) {
  const summary = useQuery(fundSummaryQuery(fund));
  if (summary.isPending) return <Skeleton variant="rounded" height={120} />;
  if (summary.isError) return <QueryError error={summary.error} onRetry={() => void summary.refetch()} />;
  const label = `${fund === "profit" ? "Profit" : "Bonus"} balance`;
  return (
    <Card component="section" aria-label={label}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {label}
        </Typography>
        <Typography component="p" sx={{ fontSize: "1.75rem", fontWeight: 700 }} data-testid="fund-balance">
          <Money cents={summary.data.balanceCents} />
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          Wallet: <Money cents={summary.data.walletCents} />
        </Typography>
      </CardContent>
    </Card>
  );
}

function FundHistory({ fund }: { fund: Fund }) {
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = pagingFromParams(params, { pageSize: 20 });
  const history = useQuery(fundHistoryQuery(fund, page, pageSize));
  return (
    <Box component="section" aria-labelledby="history-heading">
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", mb: 2 }}>
        <Typography id="history-heading" variant="h2" component="h2" sx={{ flexGrow: 1 }}>
          History
        </Typography>
        <Button component="a" href={API.fundHistoryCsv(fund)} download variant="outlined" startIcon={<DownloadIcon />}>
          Export CSV
        </Button>
      </Box>
      <DataTable
        label={`${FUND_TEXT[fund].funds} history`}
        columns={COLUMNS}
        rows={history.data?.items}
        rowKey={(e) => String(e.id)}
        loading={history.isFetching}
        error={history.isError ? history.error : undefined}
        onRetry={() => void history.refetch()}
        empty="No movements yet."
        paging={{
          page,
          pageSize,
          total: history.data?.total ?? 0,
          sizes: PAGE_SIZES,
          onPage: (p, size) => setParams({ page: String(p), pageSize: String(size) }),
        }}
      />
    </Box>
  );
}

/** `/funds-profit` and `/funds-bonus`: the fund's balance and its ledger entries. */
function FundsPage({ fund }: { fund: Fund }) {
  const text = FUND_TEXT[fund];
  return (
    <Box>
      <PageHeader
        title={text.funds}
        subtitle={`The balance and history of ${text.what}.`}
        actions={
          <Button component={RouterLink} to={`/withdrawal-${fund}`} variant="contained" startIcon={<SendIcon />}>
            Move to wallet
          </Button>
        }
      />
      <Stack spacing={4}>
        <Box sx={{ maxWidth: 480 }}>
          <FundBalanceCard fund={fund} />
        </Box>
        <FundHistory fund={fund} />
      </Stack>
    </Box>
  );
}

export function FundsProfitPage() {
  return <FundsPage fund="profit" />;
}

export function FundsBonusPage() {
  return <FundsPage fund="bonus" />;
}
