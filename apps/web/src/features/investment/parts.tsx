import type { Investment, InvestmentPackage, RateQuote } from "@helio/shared";
import { msg, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { type Detail, DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { amountRangeText } from "../../lib/amount.ts";
import { exampleText } from "../../lib/example-words.ts";
import { paths } from "../../lib/paths.ts";
import { useMemberQuote } from "../../lib/settings.ts";
import { AccrualCountdown } from "./AccrualCountdown.tsx";
import { durationText, packageReturn, progressPercent, rateText, termsText } from "./model.ts";

export { AccrualCountdown };

/**
 * The terms of a package as a description list; the amount's limits as the amount field's hint
 * names them (`amountRangeText`: in USD and, at `quote`, the member's currency, docs/product.md §4a).
 */
export function packageTerms(pkg: InvestmentPackage, quote: RateQuote | null): Detail[] {
  const paid = packageReturn(pkg.dailyRateBps, pkg.durationPeriods, pkg.capitalReturn);
  return [
    { label: t`Rate`, value: rateText(pkg.dailyRateBps, pkg.periodSeconds) },
    { label: t`Duration`, value: durationText(pkg.durationPeriods, pkg.periodSeconds) },
    { label: t`Amount`, value: amountRangeText(pkg.minMicrocents, pkg.maxMicrocents, quote), wide: true },
    { ...paid, wide: true },
    { label: t`Capital`, value: pkg.capitalReturn ? t`Returned at maturity` : t`Not returned (included in profit)` },
  ];
}

/** A package on offer, with its terms and an Invest button. */
export function PackageCard({ pkg }: { pkg: InvestmentPackage }) {
  const { i18n } = useLingui();
  const { quote } = useMemberQuote();
  const headingId = `package-${pkg.slug}`;
  const name = exampleText(pkg.name);
  // Every term but the rate, which stands large above them.
  const terms = packageTerms(pkg, quote);
  terms.splice(0, 1);
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ display: "flex", flexDirection: "column" }}>
      <CardContent sx={{ flexGrow: 1, p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h3" component="h3">
          {name}
        </Typography>
        <Typography sx={{ color: "primary.main", fontWeight: 700, fontSize: "1.5rem", my: 1 }}>
          {termsText(pkg.dailyRateBps, pkg.durationPeriods, pkg.periodSeconds)}
        </Typography>
        {pkg.description ? (
          <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
            {exampleText(pkg.description)}
          </Typography>
        ) : null}
        <DetailList items={terms} />
      </CardContent>
      <CardActions sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}>
        <Button
          component={RouterLink}
          to={paths.addInvestmentOne(pkg.slug)}
          variant="contained"
          aria-label={i18n._(msg`Invest in ${name}`)}
        >
          <Trans>Invest</Trans>
        </Button>
      </CardActions>
    </Card>
  );
}

/** Periods paid of the total as a labelled bar. */
export function InvestmentProgress({ inv }: { inv: Pick<Investment, "periodsPaid" | "durationPeriods" | "id"> }) {
  const value = progressPercent(inv.periodsPaid, inv.durationPeriods);
  const labelId = `progress-${inv.id}`;
  const paid = inv.periodsPaid;
  const total = inv.durationPeriods;
  return (
    <Box>
      <Typography id={labelId} variant="body2" sx={{ color: "text.secondary", mb: 0.5 }}>
        <Trans>
          {paid} of {total} periods paid
        </Trans>
      </Typography>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-labelledby={labelId}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** One of the member's investments: progress, profit so far, next accrual, status. */
export function InvestmentCard({ inv }: { inv: Investment }) {
  const { i18n } = useLingui();
  const headingId = `investment-${inv.id}`;
  const reference = inv.reference;
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined" data-testid="investment-card">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", mb: 1.5 }}>
          <Typography id={headingId} variant="h3" component="h3" sx={{ flexGrow: 1 }}>
            {exampleText(inv.package.name)}
          </Typography>
          <StatusChip status={inv.status} />
        </Box>
        <InvestmentProgress inv={inv} />
        <Box sx={{ mt: 2 }}>
          <DetailList
            columns={3}
            items={[
              { label: i18n._(msg`Amount`), value: <Money microcents={inv.amountMicrocents} /> },
              { label: i18n._(msg`Profit so far`), value: <Money microcents={inv.profitPaidMicrocents} /> },
              {
                label: i18n._(msg`Next accrual`),
                value: inv.nextAccrualAt ? <AccrualCountdown until={inv.nextAccrualAt} /> : "—",
              },
            ]}
          />
        </Box>
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          <Link component={RouterLink} to={paths.invoiceOne(inv.id)}>
            <Trans>
              Invoice{" "}
              <bdi dir="ltr" translate="no">
                {reference}
              </bdi>
            </Trans>
          </Link>
        </Typography>
      </CardContent>
    </Card>
  );
}
