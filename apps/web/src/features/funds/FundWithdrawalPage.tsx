import { centsToDecimal, type Fund, type FundSummary, type FundTransfer, formatMoney } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { AmountField } from "../../components/AmountField.tsx";
import { Columns, NARROW_THEN_WIDE } from "../../components/Columns.tsx";
import type { Column } from "../../components/DataTable.tsx";
import { FormButtons, FormStack } from "../../components/FormLayout.tsx";
import { Money } from "../../components/Money.tsx";
import { PagedTable } from "../../components/PagedTable.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageSection } from "../../components/PageSection.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { amountFormSchema } from "../../lib/amount.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useMoneyForm } from "../../lib/money-form.ts";
import { usePagingParams } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { fundSummaryQuery, fundTransfersQuery, useFundTransfer } from "./api.ts";
import { FundBalanceCard } from "./FundsPage.tsx";
import { FUND_TEXT, transferAmountRules } from "./model.ts";

function MoveForm({ fund, summary }: { fund: Fund; summary: FundSummary }) {
  const transfer = useFundTransfer(fund);
  // "All" moves the whole balance as the server sees it (it may be less than the minimum).
  const [all, setAll] = useState(false);
  const [moved, setMoved] = useState<string | null>(null);
  const moveAll = all && summary.balanceCents > 0;
  // One key per intended move, kept through retries until the server gives a definite answer.
  const { form, submit, formError } = useMoneyForm({
    schema: amountFormSchema(moveAll ? {} : transferAmountRules(summary.balanceCents, summary.minTransferCents)),
    defaultValues: { amount: "" },
    fields: ["amount"],
    send: ({ amount }, key) => {
      setMoved(null);
      return transfer.mutateAsync({ input: moveAll ? { all: true } : { amount }, key });
    },
    onSent: (result) => {
      setMoved(`${formatMoney(result.transfer.amountCents, "USD")} moved to your wallet.`);
      setAll(false);
      form.reset({ amount: "" });
    },
  });
  const {
    register,
    setValue,
    formState: { errors },
  } = form;

  return (
    <FormStack onSubmit={submit} error={formError}>
      {moved ? (
        <Alert severity="success" role="status">
          {moved}
        </Alert>
      ) : null}
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
        <AmountField
          id={`move-${fund}-amount`}
          label="Amount (USD)"
          registration={register("amount", { onChange: () => setAll(false) })}
          error={errors.amount}
          helperText={`At least ${formatMoney(summary.minTransferCents, "USD")}.`}
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
      <FormButtons label="Move to wallet" busyLabel="Moving…" busy={transfer.isPending}>
        <Button component={RouterLink} to={paths.fundsOf(fund)} color="inherit">
          {FUND_TEXT[fund].funds}
        </Button>
      </FormButtons>
    </FormStack>
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
  const paging = usePagingParams({ pageSize: 10 });
  const moves = useQuery(fundTransfersQuery(fund, paging.page, paging.pageSize));
  return (
    <PageSection id="moves-heading" title="Past moves">
      <PagedTable
        label="Past moves"
        columns={COLUMNS}
        query={moves}
        rowKey={(t) => t.id}
        empty="No moves yet."
        paging={paging}
      />
    </PageSection>
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
        <Columns gap={3} template={NARROW_THEN_WIDE}>
          <FundBalanceCard fund={fund} />
          <SectionCard id="move-heading" title="Move to wallet">
            <QueryState query={summary} height={140}>
              {(current) => <MoveForm fund={fund} summary={current} />}
            </QueryState>
          </SectionCard>
        </Columns>
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
