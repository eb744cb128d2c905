import { centsToDecimal, type Fund, type FundSummary, type FundTransfer, formatMoney } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type ResolverResult, useForm } from "react-hook-form";
import { Link as RouterLink, useSearchParams } from "react-router";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { applyServerErrors, fieldProps } from "../../lib/form.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { PAGE_SIZES, pagingFromParams } from "../../lib/paging.ts";
import { fundSummaryQuery, fundTransfersQuery, useFundTransfer } from "./api.ts";
import { FundBalanceCard } from "./FundsPage.tsx";
import { FUND_TEXT, transferProblem } from "./model.ts";

interface MoveForm {
  amount: string;
}

function MoveForm({ fund, summary }: { fund: Fund; summary: FundSummary }) {
  const transfer = useFundTransfer(fund);
  // One key per intended move, kept through retries until the server gives a definite answer.
  const idempotency = useIdempotencyKey();
  // "All" moves the whole balance as the server sees it (it may be less than the minimum).
  const [all, setAll] = useState(false);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = useForm<MoveForm>({
    defaultValues: { amount: "" },
    resolver: (values): ResolverResult<MoveForm> => {
      if (all && summary.balanceCents > 0) return { values, errors: {} };
      const { problem } = transferProblem(values.amount, summary.balanceCents, summary.minTransferCents);
      if (problem) return { values: {}, errors: { amount: { type: "validate", message: problem } } };
      return { values, errors: {} };
    },
  });
  const amountField = register("amount", { onChange: () => setAll(false) });

  const submit = handleSubmit(async ({ amount }) => {
    setMessage(null);
    try {
      const result = await transfer.mutateAsync({
        input: all ? { all: true } : { amount: amount.trim() },
        key: idempotency.key,
      });
      setMessage({
        kind: "success",
        text: `${formatMoney(result.transfer.amountCents, "USD")} moved to your wallet.`,
      });
      idempotency.succeeded();
      setAll(false);
      reset({ amount: "" });
    } catch (error) {
      idempotency.failed(error);
      const text = applyServerErrors(error, setError, ["amount"]);
      if (text) setMessage({ kind: "error", text });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {message ? (
          <Alert severity={message.kind} role={message.kind === "success" ? "status" : "alert"}>
            {message.text}
          </Alert>
        ) : null}
        <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
          <TextField
            id={`move-${fund}-amount`}
            label="Amount (USD)"
            autoComplete="off"
            {...fieldProps(amountField, errors.amount, `At least ${formatMoney(summary.minTransferCents, "USD")}.`)}
            slotProps={{
              htmlInput: { inputMode: "decimal" },
              input: { endAdornment: <InputAdornment position="end">USD</InputAdornment> },
            }}
            sx={{ flex: "1 1 200px" }}
          />
          <Button
            variant="outlined"
            sx={{ height: 56 }}
            disabled={summary.balanceCents <= 0}
            aria-label="All: the whole balance"
            onClick={() => {
              setValue("amount", centsToDecimal(summary.balanceCents), { shouldValidate: false });
              setAll(true);
            }}
          >
            All
          </Button>
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button type="submit" variant="contained" disabled={transfer.isPending}>
            {transfer.isPending ? "Moving…" : "Move to wallet"}
          </Button>
          <Button component={RouterLink} to={`/funds-${fund}`} color="inherit">
            {FUND_TEXT[fund].funds}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

const COLUMNS: Column<FundTransfer>[] = [
  {
    key: "date",
    header: "Date",
    nowrap: true,
    render: (t) => <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>,
  },
  { key: "amount", header: "Moved", align: "right", nowrap: true, render: (t) => <Money cents={t.amountCents} /> },
  {
    key: "after",
    header: "Fund after",
    align: "right",
    nowrap: true,
    render: (t) => <Money cents={t.fundBalanceAfterCents} />,
  },
];

function PastMoves({ fund }: { fund: Fund }) {
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = pagingFromParams(params, { pageSize: 10 });
  const moves = useQuery(fundTransfersQuery(fund, page, pageSize));
  return (
    <Box component="section" aria-labelledby="moves-heading">
      <Typography id="moves-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
        Past moves
      </Typography>
      <DataTable
        label="Past moves"
        columns={COLUMNS}
        rows={moves.data?.items}
        rowKey={(t) => t.id}
        loading={moves.isFetching}
        error={moves.isError ? moves.error : undefined}
        onRetry={() => void moves.refetch()}
        empty="No moves yet."
        paging={{
          page,
          pageSize,
          total: moves.data?.total ?? 0,
          sizes: PAGE_SIZES,
          onPage: (p, size) => setParams({ page: String(p), pageSize: String(size) }),
        }}
      />
    </Box>
  );
}

/** `/withdrawal-profit` and `/withdrawal-bonus`: move money from the fund to the wallet. */
function FundWithdrawalPage({ fund }: { fund: Fund }) {
  const summary = useQuery(fundSummaryQuery(fund));
  const text = FUND_TEXT[fund];
  return (
    <Box>
      <PageHeader title={text.withdrawal} subtitle={`Move ${text.what} to your wallet.`} />
      <Stack spacing={4}>
        <Box
          sx={{
            display: "grid",
            gap: 3,
            gridTemplateColumns: { xs: "1fr", md: "minmax(0, 2fr) minmax(0, 3fr)" },
            alignItems: "start",
          }}
        >
          <FundBalanceCard fund={fund} />
          <SectionCard id="move-heading" title="Move to wallet">
            {summary.isPending ? (
              <Skeleton variant="rounded" height={140} />
            ) : summary.isError ? (
              <QueryError error={summary.error} onRetry={() => void summary.refetch()} />
            ) : (
              <MoveForm fund={fund} summary={summary.data} />
            )}
          </SectionCard>
        </Box>
        <PastMoves fund={fund} />
      </Stack>
    </Box>
  );
}

export function WithdrawalProfitPage() {
  return <FundWithdrawalPage fund="profit" />;
}

export function WithdrawalBonusPage() {
  return <FundWithdrawalPage fund="bonus" />;
}
