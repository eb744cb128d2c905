import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
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
import { useFormatLocale } from "../../lib/use-locale.ts";
import { type HistoryFilters, useTradeHistory } from "./api.ts";
import { ContractTable } from "./ContractTable.tsx";
import { ModeFilter } from "./ModeFilter.tsx";
import { PAIR_OPTIONS } from "./model.ts";
import { ContractModeBadge, useCurrentMode, useModeColumn } from "./modes.tsx";

const RESULT_LABEL: Record<"win" | "loss" | "equal" | "void", MessageDescriptor> = {
  win: msg`Win`,
  loss: msg`Loss`,
  equal: msg`Equal`,
  void: msg`Void`,
};
const RESULT_COLOR = { win: "success", loss: "error", equal: "default", void: "default" } as const;

/** `/history-trade`: settled contracts of one mode (Real or Free) with filters, that mode's totals, paging and CSV. */
export function HistoryTradePage() {
  const modeColumn = useModeColumn();
  const { i18n, t } = useLingui();
  const locale = useFormatLocale();
  const resultOptions = Object.entries(RESULT_LABEL).map(([value, label]) => ({ value, label: i18n._(label) }));
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
  const contractCount = data?.totals.count ?? 0;
  const pageItemLabel = (type: string, page: number | null) => {
    if (type === "page") return t`Page ${page}`;
    if (type === "first") return t`Go to first page`;
    if (type === "last") return t`Go to last page`;
    if (type === "next") return t`Go to next page`;
    return t`Go to previous page`;
  };
  return (
    <>
      <PageHeader
        title={t`History Trade`}
        subtitle={t`Your settled contracts.`}
        actions={
          <Button variant="outlined" href={csvHref} download>
            <Trans>Download CSV</Trans>
          </Button>
        }
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
        <ModeFilter value={filters.mode} onChange={(mode) => set({ mode })} />
        <SelectField
          size="small"
          label={t`Pair`}
          value={filters.symbol}
          onChange={(e) => set({ symbol: e.target.value })}
          sx={{ minWidth: 140 }}
          allLabel={t`All pairs`}
          options={PAIR_OPTIONS}
        />
        <SelectField
          size="small"
          label={t`Result`}
          value={filters.result}
          onChange={(e) => set({ result: e.target.value })}
          sx={{ minWidth: 140 }}
          allLabel={t`All results`}
          options={resultOptions}
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
            useFlexGap
            sx={{ mb: 2, flexWrap: "wrap", alignItems: "center", rowGap: 1 }}
            data-testid="trade-totals"
          >
            <Typography component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
              <Trans>
                Totals of <ContractModeBadge account={data.mode === "real" ? "wallet" : "demo"} /> contracts only
              </Trans>
            </Typography>
            <Typography>
              <Trans>
                Contracts: <strong>{contractCount}</strong>
              </Trans>
            </Typography>
            <Typography>
              <Trans>
                Won: <Money microcents={data.totals.wonMicrocents} />
              </Trans>
            </Typography>
            <Typography>
              <Trans>
                Lost: <Money microcents={data.totals.lostMicrocents} />
              </Trans>
            </Typography>
            <Typography>
              <Trans>
                Net: <Money microcents={data.totals.netMicrocents} signed />
              </Trans>
            </Typography>
          </Stack>
          {data.items.length === 0 ? (
            <Alert severity="info">
              <Trans>No settled contracts yet.</Trans>
            </Alert>
          ) : (
            <ContractTable
              label={t`Settled contracts`}
              rowTestId="history-trade"
              rows={data.items}
              before={[{ header: t`Settled`, render: (c) => formatDateTime(c.settledAt, { locale }) }, modeColumn]}
              after={[
                { header: t`Exit`, align: "right", render: (c) => formatPrice(c.exitPrice) },
                {
                  header: t`Result`,
                  render: (c) =>
                    c.result ? (
                      <Chip size="small" color={RESULT_COLOR[c.result]} label={i18n._(RESULT_LABEL[c.result])} />
                    ) : null,
                },
                { header: t`Payout`, align: "right", render: (c) => <Money microcents={c.payoutMicrocents ?? 0n} /> },
              ]}
            />
          )}
          {data.total > data.pageSize ? (
            <Pagination
              sx={{ mt: 2 }}
              count={Math.ceil(data.total / data.pageSize)}
              page={data.page}
              onChange={(_e, page) => setFilters((f) => ({ ...f, page }))}
              getItemAriaLabel={(type, page) => pageItemLabel(type, page)}
            />
          ) : null}
        </>
      )}
    </>
  );
}
