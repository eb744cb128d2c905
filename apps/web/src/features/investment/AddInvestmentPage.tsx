import { formatMoney, type InvestmentPackage } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { type ResolverResult, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { RecordState } from "../../components/RecordState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { useMemberBalances } from "../../lib/balances.ts";
import { applyServerErrors, fieldProps } from "../../lib/form.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { packageQuery, useBuyInvestment } from "./api.ts";
import { PackageList } from "./InvestmentPage.tsx";
import { investmentPreview } from "./model.ts";
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

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Box
      sx={[
        { display: "flex", justifyContent: "space-between", gap: 2, py: 0.5, flexWrap: "wrap" },
        strong ? { borderTop: 1, borderColor: "divider", mt: 0.5, pt: 1 } : {},
      ]}
    >
      <Typography
        component="dt"
        sx={{ color: strong ? "text.primary" : "text.secondary", fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 400 }}>
        {children}
      </Box>
    </Box>
  );
}

interface AmountForm {
  amount: string;
}

function InvestForm({ pkg }: { pkg: InvestmentPackage }) {
  const navigate = useNavigate();
  const balances = useMemberBalances();
  const buy = useBuyInvestment();
  const walletCents = balances.data?.wallet ?? null;
  // One key per intended purchase, kept through retries until the server gives a definite answer.
  const idempotency = useIdempotencyKey();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<AmountForm>({
    defaultValues: { amount: "" },
    // The same check as the preview (limits, wallet); the server checks again.
    resolver: (values): ResolverResult<AmountForm> => {
      const problem = investmentPreview(values.amount, pkg, walletCents).problem;
      if (problem) return { values: {}, errors: { amount: { type: "validate", message: problem } } };
      return { values, errors: {} };
    },
  });
  const preview = investmentPreview(watch("amount"), pkg, walletCents);
  const shown = preview.amountCents !== null;

  const submit = handleSubmit(async ({ amount }) => {
    setFormError(null);
    try {
      const result = await buy.mutateAsync({ input: { slug: pkg.slug, amount: amount.trim() }, key: idempotency.key });
      idempotency.succeeded();
      await navigate(`/invoice/${encodeURIComponent(result.investment.id)}`);
    } catch (error) {
      idempotency.failed(error);
      setFormError(applyServerErrors(error, setError, ["amount"]));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Typography>
          Available in your wallet:{" "}
          {walletCents === null ? "…" : <Money cents={walletCents} sx={{ fontWeight: 700 }} />}
        </Typography>
        <TextField
          id="investment-amount"
          label="Amount (USD)"
          autoComplete="off"
          {...fieldProps(
            register("amount"),
            errors.amount,
            `From ${formatMoney(pkg.minCents, "USD")} to ${formatMoney(pkg.maxCents, "USD")}.`,
          )}
          slotProps={{
            htmlInput: { inputMode: "decimal" },
            input: { endAdornment: <InputAdornment position="end">USD</InputAdornment> },
          }}
        />
        <Box sx={{ p: 2, borderRadius: 1, bgcolor: "action.hover" }}>
          <Box component="dl" aria-label="Investment preview" aria-live="polite" sx={{ m: 0 }}>
            <Row label="Profit per period">{shown ? <Money cents={preview.perPeriodCents} /> : "—"}</Row>
            {shown && preview.lastPeriodCents !== preview.perPeriodCents ? (
              <Row label="Last period (with rounding)">
                <Money cents={preview.lastPeriodCents} />
              </Row>
            ) : null}
            <Row label="Total profit">{shown ? <Money cents={preview.totalProfitCents} /> : "—"}</Row>
            <Row label="Capital back at maturity">
              {!pkg.capitalReturn ? "Not returned" : shown ? <Money cents={preview.capitalBackCents} /> : "—"}
            </Row>
            <Row label="You receive in total" strong>
              {shown ? <Money cents={preview.totalReturnCents} /> : "—"}
            </Row>
          </Box>
          <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
            Profit is credited to your Profit fund once per period. The amount leaves your wallet now.
          </Typography>
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button type="submit" variant="contained" disabled={buy.isPending}>
            {buy.isPending ? "Confirming…" : "Confirm"}
          </Button>
          <Button component={RouterLink} to="/add-investment" color="inherit">
            Other packages
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** `/add-investment/{slug}`: the terms, the amount with a live preview, Confirm → the invoice. */
export function AddInvestmentPage() {
  const { slug = "" } = useParams();
  const pkg = useQuery(packageQuery(slug));
  if (!pkg.data) return <RecordState query={pkg} title="Add investment" height={420} />;
  return (
    <Box>
      <PageHeader title="Add investment" subtitle={pkg.data.name} />
      <Box
        sx={{
          display: "grid",
          gap: 3,
          gridTemplateColumns: { xs: "1fr", md: "minmax(0, 2fr) minmax(0, 3fr)" },
          alignItems: "start",
        }}
      >
        <SectionCard id="terms-heading" title="Terms" description={pkg.data.description || undefined}>
          <DetailList items={packageTerms(pkg.data)} columns={1} />
        </SectionCard>
        <SectionCard id="amount-heading" title="Invest">
          <InvestForm pkg={pkg.data} />
        </SectionCard>
      </Box>
    </Box>
  );
}
