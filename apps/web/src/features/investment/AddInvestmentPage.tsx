import { type InvestmentPackage, roundToCent } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { MemberAmountField } from "../../components/AmountField.tsx";
import { Columns, NARROW_THEN_WIDE } from "../../components/Columns.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { FormButtons, FormStack } from "../../components/FormLayout.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { RecordState } from "../../components/RecordState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { SummaryBox, SummaryRow } from "../../components/Summary.tsx";
import { amountFormSchema, amountRangeText, amountRequest } from "../../lib/amount.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { exampleText } from "../../lib/example-words.ts";
import { useMoneyForm } from "../../lib/money-form.ts";
import { paths } from "../../lib/paths.ts";
import { useMemberQuote } from "../../lib/settings.ts";
import { BreakNotice } from "../protection/index.ts";
import { investmentAmountRules, investmentPreview } from "./amount-rules.ts";
import { packageQuery, useBuyInvestment } from "./api.ts";
import { PackageList } from "./InvestmentPage.tsx";
import { packageTerms } from "./parts.tsx";

/** `/add-investment` with no package chosen: the seed's 'Select an package' and the list. */
export function AddInvestmentIndexPage() {
  const { t } = useLingui();
  return (
    <Box>
      <PageHeader title={t`Add investment`} subtitle={t`Select an package`} />
      <PackageList />
    </Box>
  );
}

function InvestForm({ pkg }: { pkg: InvestmentPackage }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const balances = useMemberBalances();
  const buy = useBuyInvestment();
  const rate = useMemberQuote();
  const walletMicrocents = balances.data?.wallet ?? null;
  // One key per intended purchase, kept through retries until the server gives a definite answer.
  const { form, submit, formError } = useMoneyForm({
    // The same check as the preview (limits, wallet); the server checks again.
    schema: amountFormSchema(investmentAmountRules(pkg, walletMicrocents), rate.quote),
    rulesKey: [pkg, walletMicrocents, rate.quote],
    defaultValues: { amount: "" },
    fields: ["amount"],
    send: ({ amount }, key) =>
      buy.mutateAsync({ input: { slug: pkg.slug, ...amountRequest(amount, rate.quote) }, key }),
    leavesWhenSent: true,
    onSent: (result) => navigate(paths.invoiceOne(result.investment.id)),
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const preview = investmentPreview(watch("amount"), pkg, walletMicrocents, rate.quote);
  const shown = preview.amountMicrocents !== null;
  const range = amountRangeText(pkg.minMicrocents, pkg.maxMicrocents, rate.quote);
  const available = walletMicrocents === null ? "…" : <Money microcents={walletMicrocents} sx={{ fontWeight: 700 }} />;

  return (
    <FormStack onSubmit={submit} error={formError}>
      <Typography>
        <Trans>Available in your wallet: {available}</Trans>
      </Typography>
      <MemberAmountField
        id="investment-amount"
        rate={rate}
        registration={register("amount")}
        error={errors.amount}
        helperText={`${range}.`}
        typed={watch("amount")}
        microcents={preview.problem ? null : preview.amountMicrocents}
      />
      <SummaryBox
        label={t`Investment preview`}
        note={t`Profit is credited to your Profit fund once per period. The amount leaves your wallet now.`}
      >
        <SummaryRow label={t`Profit per period`}>
          {shown ? <Money microcents={preview.perPeriodMicrocents} /> : "—"}
        </SummaryRow>
        {/* Only when the remainder shows: a few microcents more are the same figure to the cent. */}
        {shown && roundToCent(preview.lastPeriodMicrocents) !== roundToCent(preview.perPeriodMicrocents) ? (
          <SummaryRow label={t`Last period (with rounding)`}>
            <Money microcents={preview.lastPeriodMicrocents} />
          </SummaryRow>
        ) : null}
        {/* Capital not returned: the profit is all that comes back, the capital in it (packageReturn). */}
        <SummaryRow label={pkg.capitalReturn ? t`Total profit` : t`Total profit (capital included)`}>
          {shown ? <Money microcents={preview.totalProfitMicrocents} /> : "—"}
        </SummaryRow>
        <SummaryRow label={t`Capital back at maturity`}>
          {!pkg.capitalReturn ? t`Not returned` : shown ? <Money microcents={preview.capitalBackMicrocents} /> : "—"}
        </SummaryRow>
        <SummaryRow label={t`You receive in total`} strong>
          {shown ? <Money microcents={preview.totalReturnMicrocents} /> : "—"}
        </SummaryRow>
        <SummaryRow label={t`Gain over your amount`}>
          {shown && preview.amountMicrocents !== null ? (
            <Money microcents={preview.totalReturnMicrocents - preview.amountMicrocents} signed />
          ) : (
            "—"
          )}
        </SummaryRow>
      </SummaryBox>
      {/* The request carries the rate: none to send until it is known. */}
      <FormButtons label={t`Confirm`} busyLabel={t`Confirming…`} busy={buy.isPending} disabled={!rate.quote}>
        <Button component={RouterLink} to={paths.addInvestment} color="inherit">
          <Trans>Other packages</Trans>
        </Button>
      </FormButtons>
    </FormStack>
  );
}

/** `/add-investment/{slug}`: the terms, the amount with a live preview, Confirm → the invoice. */
export function AddInvestmentPage() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const pkg = useQuery(packageQuery(slug));
  const { quote } = useMemberQuote();
  if (!pkg.data) return <RecordState query={pkg} title={t`Add investment`} height={420} />;
  return (
    <Box>
      <PageHeader title={t`Add investment`} subtitle={exampleText(pkg.data.name)} />
      <BreakNotice />
      <Columns gap={3} template={NARROW_THEN_WIDE}>
        <SectionCard
          id="terms-heading"
          title={t`Terms`}
          description={pkg.data.description ? exampleText(pkg.data.description) : undefined}
        >
          <DetailList items={packageTerms(pkg.data, quote)} columns={1} />
        </SectionCard>
        <SectionCard id="amount-heading" title={t`Invest`}>
          <InvestForm pkg={pkg.data} />
        </SectionCard>
      </Columns>
    </Box>
  );
}
