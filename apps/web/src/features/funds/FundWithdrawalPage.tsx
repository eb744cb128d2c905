import { type Fund, type FundSummary, type FundTransfer, type RateQuote, USD_QUOTE } from "@helio/shared";
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { MemberAmountField } from "../../components/AmountField.tsx";
import { Columns, NARROW_THEN_WIDE } from "../../components/Columns.tsx";
import type { Column } from "../../components/DataTable.tsx";
import { FormButtons, FormStack } from "../../components/FormLayout.tsx";
import { Money } from "../../components/Money.tsx";
import { PagedTable } from "../../components/PagedTable.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageSection } from "../../components/PageSection.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import {
  amountFormSchema,
  amountInputText,
  amountRequest,
  atLeastText,
  usdWithLocalText,
  validAmountMicrocents,
} from "../../lib/amount.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useMoneyForm } from "../../lib/money-form.ts";
import { usePagingParams } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { useMemberQuote } from "../../lib/settings.ts";
import { fundSummaryQuery, fundTransfersQuery, useFundTransfer } from "./api.ts";
import { FundBalanceCard } from "./FundsPage.tsx";
import { FUND_TEXT, transferAmountRules } from "./model.ts";

/** The minimum, and the exception when the fund holds less: "All" still moves it (docs/product.md §11). */
function minimumHint(summary: FundSummary, quote: RateQuote | null) {
  const minimum = atLeastText(summary.minTransferMicrocents, quote);
  const belowMinimum = summary.balanceMicrocents > 0n && summary.balanceMicrocents < summary.minTransferMicrocents;
  return belowMinimum ? t`${minimum}; "All" moves a smaller balance whole.` : `${minimum}.`;
}

function MoveForm({ fund, summary }: { fund: Fund; summary: FundSummary }) {
  const { i18n } = useLingui();
  const transfer = useFundTransfer(fund);
  const rate = useMemberQuote();
  // "All" moves the whole balance as the server sees it (it may be less than the minimum).
  const [all, setAll] = useState(false);
  const [moved, setMoved] = useState<string | null>(null);
  const moveAll = all && summary.balanceMicrocents > 0n;
  const amountRules = moveAll
    ? {}
    : transferAmountRules(summary.balanceMicrocents, summary.minTransferMicrocents, rate.quote);
  // One key per intended move, kept through retries until the server gives a definite answer.
  const { form, submit, formError } = useMoneyForm({
    schema: amountFormSchema(amountRules, rate.quote),
    rulesKey: [moveAll, summary.balanceMicrocents, summary.minTransferMicrocents, rate.quote],
    defaultValues: { amount: "" },
    fields: ["amount"],
    send: ({ amount }, key) => {
      setMoved(null);
      return transfer.mutateAsync({ input: moveAll ? { all: true } : amountRequest(amount, rate.quote), key });
    },
    onSent: (result) => {
      const amount = usdWithLocalText(result.transfer.amountMicrocents, rate.quote ?? USD_QUOTE);
      setMoved(t`${amount} moved to your wallet.`);
      setAll(false);
      form.reset({ amount: "" });
    },
  });
  const {
    register,
    setValue,
    watch,
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
        <MemberAmountField
          id={`move-${fund}-amount`}
          rate={rate}
          registration={register("amount", { onChange: () => setAll(false) })}
          error={errors.amount}
          helperText={minimumHint(summary, rate.quote)}
          typed={watch("amount")}
          microcents={validAmountMicrocents(watch("amount"), amountRules, rate.quote)}
          sx={{ flex: "1 1 200px" }}
        />
        <Button
          variant="outlined"
          sx={{ height: 56 }}
          // The balance is shown in the member's currency, so the rate must be known.
          disabled={summary.balanceMicrocents <= 0n || !rate.quote}
          aria-label={t`All: the whole balance`}
          onClick={() => {
            if (!rate.quote) return;
            // Two decimals in the member's currency, rounded down: what is shown is never more than the fund holds.
            setValue("amount", amountInputText(summary.balanceMicrocents, rate.quote, "down"), {
              shouldValidate: false,
            });
            setAll(true);
          }}
        >
          <Trans>All</Trans>
        </Button>
      </Box>
      {/* The request carries the rate: none to send until it is known. */}
      <FormButtons label={t`Move to wallet`} busyLabel={t`Moving…`} busy={transfer.isPending} disabled={!rate.quote}>
        <Button component={RouterLink} to={paths.fundsOf(fund)} color="inherit">
          {i18n._(FUND_TEXT[fund].funds)}
        </Button>
      </FormButtons>
    </FormStack>
  );
}

const COLUMNS: Column<FundTransfer>[] = [
  {
    key: "date",
    header: <Trans>Date</Trans>,
    nowrap: true,
    render: (t) => <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>,
  },
  {
    key: "amount",
    header: <Trans>Moved</Trans>,
    align: "right",
    nowrap: true,
    render: (t) => <Money microcents={t.amountMicrocents} />,
  },
  {
    key: "after",
    header: <Trans>Fund after</Trans>,
    align: "right",
    nowrap: true,
    render: (t) => <Money microcents={t.fundBalanceAfterMicrocents} />,
  },
];

function PastMoves({ fund }: { fund: Fund }) {
  const paging = usePagingParams({ pageSize: 10 });
  const moves = useQuery(fundTransfersQuery(fund, paging.page, paging.pageSize));
  return (
    <PageSection id="moves-heading" title={t`Past moves`}>
      <PagedTable
        label={t`Past moves`}
        columns={COLUMNS}
        query={moves}
        rowKey={(t) => t.id}
        empty={t`No moves yet.`}
        paging={paging}
      />
    </PageSection>
  );
}

/** `/withdrawal-profit` and `/withdrawal-bonus`: move money from the fund to the wallet. */
function FundWithdrawalPage({ fund }: { fund: Fund }) {
  const { i18n } = useLingui();
  const summary = useQuery(fundSummaryQuery(fund));
  const text = FUND_TEXT[fund];
  return (
    <Box>
      <PageHeader title={i18n._(text.withdrawal)} subtitle={i18n._(text.moveSubtitle)} />
      <Stack spacing={4}>
        <Columns gap={3} template={NARROW_THEN_WIDE}>
          <FundBalanceCard fund={fund} />
          <SectionCard id="move-heading" title={t`Move to wallet`}>
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
