import type { InvestmentPackage } from "@helio/shared";
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
  return (
    <Box>
      <PageHeader title="Add investment" subtitle="Select an package" />
      <PackageList />
    </Box>
  );
}

function InvestForm({ pkg }: { pkg: InvestmentPackage }) {
  const navigate = useNavigate();
  const balances = useMemberBalances();
  const buy = useBuyInvestment();
  const rate = useMemberQuote();
  const walletCents = balances.data?.wallet ?? null;
  // One key per intended purchase, kept through retries until the server gives a definite answer.
  const { form, submit, formError } = useMoneyForm({
    // The same check as the preview (limits, wallet); the server checks again.
    schema: amountFormSchema(investmentAmountRules(pkg, walletCents), rate.quote),
    rulesKey: [pkg, walletCents, rate.quote],
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
  const preview = investmentPreview(watch("amount"), pkg, walletCents, rate.quote);
  const shown = preview.amountCents !== null;

  return (
    <FormStack onSubmit={submit} error={formError}>
      <Typography>
        Available in your wallet: {walletCents === null ? "…" : <Money cents={walletCents} sx={{ fontWeight: 700 }} />}
      </Typography>
      <MemberAmountField
        id="investment-amount"
        rate={rate}
        registration={register("amount")}
        error={errors.amount}
        helperText={`${amountRangeText(pkg.minCents, pkg.maxCents, rate.quote)}.`}
        typed={watch("amount")}
        cents={preview.problem ? null : preview.amountCents}
      />
      <SummaryBox
        label="Investment preview"
        note="Profit is credited to your Profit fund once per period. The amount leaves your wallet now."
      >
        <SummaryRow label="Profit per period">{shown ? <Money cents={preview.perPeriodCents} /> : "—"}</SummaryRow>
        {shown && preview.lastPeriodCents !== preview.perPeriodCents ? (
          <SummaryRow label="Last period (with rounding)">
            <Money cents={preview.lastPeriodCents} />
          </SummaryRow>
        ) : null}
        {/* Capital not returned: the profit is all that comes back, the capital in it (packageReturn). */}
        <SummaryRow label={pkg.capitalReturn ? "Total profit" : "Total profit (capital included)"}>
          {shown ? <Money cents={preview.totalProfitCents} /> : "—"}
        </SummaryRow>
        <SummaryRow label="Capital back at maturity">
          {!pkg.capitalReturn ? "Not returned" : shown ? <Money cents={preview.capitalBackCents} /> : "—"}
        </SummaryRow>
        <SummaryRow label="You receive in total" strong>
          {shown ? <Money cents={preview.totalReturnCents} /> : "—"}
        </SummaryRow>
        <SummaryRow label="Gain over your amount">
          {shown && preview.amountCents !== null ? (
            <Money cents={preview.totalReturnCents - preview.amountCents} signed />
          ) : (
            "—"
          )}
        </SummaryRow>
      </SummaryBox>
      {/* The request carries the rate: none to send until it is known. */}
      <FormButtons label="Confirm" busyLabel="Confirming…" busy={buy.isPending} disabled={!rate.quote}>
        <Button component={RouterLink} to={paths.addInvestment} color="inherit">
          Other packages
        </Button>
      </FormButtons>
    </FormStack>
  );
}

/** `/add-investment/{slug}`: the terms, the amount with a live preview, Confirm → the invoice. */
export function AddInvestmentPage() {
  const { slug = "" } = useParams();
  const pkg = useQuery(packageQuery(slug));
  const { quote } = useMemberQuote();
  if (!pkg.data) return <RecordState query={pkg} title="Add investment" height={420} />;
  return (
    <Box>
      <PageHeader title="Add investment" subtitle={pkg.data.name} />
      <BreakNotice />
      <Columns gap={3} template={NARROW_THEN_WIDE}>
        <SectionCard id="terms-heading" title="Terms" description={pkg.data.description || undefined}>
          <DetailList items={packageTerms(pkg.data, quote)} columns={1} />
        </SectionCard>
        <SectionCard id="amount-heading" title="Invest">
          <InvestForm pkg={pkg.data} />
        </SectionCard>
      </Columns>
    </Box>
  );
}
