import { Trans } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Pagination from "@mui/material/Pagination";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { DateRangeFields } from "../../components/DateField.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { errorMessage, withQuery } from "../../lib/api.ts";
import { formatDateTime, formatPrice } from "../../lib/format.ts";
import { type HistoryFilters, useTradeHistory } from "./api.ts";
import { ContractTable } from "./ContractTable.tsx";
import { PAIR_OPTIONS } from "./model.ts";
import { ContractModeBadge, ModeFilter, useCurrentMode, useModeColumn } from "./modes.tsx";

const RESULT_LABEL: Record<string, string> = { win: "Win", loss: "Loss", equal: "Equal", void: "Void" };
const RESULT_OPTIONS = Object.entries(RESULT_LABEL).map(([value, label]) => ({ value, label }));
const RESULT_COLOR = { win: "success", loss: "error", equal: "default", void: "default" } as const;

/** `/history-trade`: settled contracts of one mode (Real or Free) with filters, that mode's totals, paging and CSV. */
export function HistoryTradePage() {
  const modeColumn = useModeColumn();
  const [filters, setFilters] = useState<HistoryFilters>({
    mode: useCurrentMode(),
    symbol: "",
    result: "",
    from: "",
    to: "",
    page: 1,
    pageSize: 20,
  });
  const history = useTradeHistory(filters);
  const set = (patch: Partial<HistoryFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const csvHref = withQuery("/api/trades/history.csv", {
    mode: filters.mode,
    symbol: filters.symbol,
    result: filters.result,
    from: filters.from,
    to: filters.to,
  });
  const data = history.data;
  return (
    <>
      <PageHeader
        title="History Trade"
        subtitle="Your settled contracts."
        actions={
          <Button variant="outlined" href={csvHref} download>
            Download CSV
          </Button>
        }
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
        <ModeFilter value={filters.mode} onChange={(mode) => set({ mode })} />
        <SelectField
          size="small"
          label="Pair"
          value={filters.symbol}
          onChange={(e) => set({ symbol: e.target.value })}
          sx={{ minWidth: 140 }}
          allLabel="All pairs"
          options={PAIR_OPTIONS}
        />
        <SelectField
          size="small"
          label="Result"
          value={filters.result}
          onChange={(e) => set({ result: e.target.value })}
          sx={{ minWidth: 140 }}
          allLabel="All results"
          options={RESULT_OPTIONS}
        />
        <DateRangeFields
          size="small"
          from={filters.from}
          to={filters.to}
          onChange={(end, value) => set({ [end]: value })}
        />
      </Stack>
      {history.isError ? <Alert severity="error">{errorMessage(history.error)}</Alert> : null}
      {!data ? (
        <PageLoader />
      ) : (
        <>
          <Stack
            direction="row"
            spacing={3}
            sx={{ mb: 2, flexWrap: "wrap", alignItems: "center" }}
            data-testid="trade-totals"
          >
            <Typography component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
              <Trans>
                Totals of <ContractModeBadge account={data.mode === "real" ? "wallet" : "demo"} /> contracts only
              </Trans>
            </Typography>
            <Typography>
              Contracts: <strong>{data.totals.count}</strong>
            </Typography>
            <Typography>
              Won: <Money cents={data.totals.wonCents} />
            </Typography>
            <Typography>
              Lost: <Money cents={data.totals.lostCents} />
            </Typography>
            <Typography>
              Net: <Money cents={data.totals.netCents} signed />
            </Typography>
          </Stack>
          {data.items.length === 0 ? (
            <Alert severity="info">No settled contracts yet.</Alert>
          ) : (
            <ContractTable
              label="Settled contracts"
              rowTestId="history-trade"
              rows={data.items}
              before={[{ header: "Settled", render: (t) => formatDateTime(t.settledAt) }, modeColumn]}
              after={[
                { header: "Exit", align: "right", render: (t) => formatPrice(t.exitPrice) },
                {
                  header: "Result",
                  render: (t) =>
                    t.result ? (
                      <Chip size="small" color={RESULT_COLOR[t.result]} label={RESULT_LABEL[t.result]} />
                    ) : null,
                },
                { header: "Payout", align: "right", render: (t) => <Money cents={t.payoutCents ?? 0} /> },
              ]}
            />
          )}
          {data.total > data.pageSize ? (
            <Pagination
              sx={{ mt: 2 }}
              count={Math.ceil(data.total / data.pageSize)}
              page={data.page}
              onChange={(_e, page) => setFilters((f) => ({ ...f, page }))}
              getItemAriaLabel={(type, page) => (type === "page" ? `Page ${page}` : `Go to ${type} page`)}
            />
          ) : null}
        </>
      )}
    </>
  );
}
