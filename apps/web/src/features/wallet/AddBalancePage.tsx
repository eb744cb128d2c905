import { parseDecimalToCents } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import InputAdornment from "@mui/material/InputAdornment";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { useDisplayCurrency } from "../../lib/settings.ts";
import { depositRulesQuery, useCreateDeposit } from "./api.ts";
import { depositAmountProblem, usd } from "./model.ts";

/** `/add-balance`: an amount → a deposit invoice with the transfer instructions. */
export function AddBalancePage() {
  const navigate = useNavigate();
  const rules = useQuery(depositRulesQuery);
  const display = useDisplayCurrency();
  const create = useCreateDeposit();
  const [amount, setAmount] = useState("");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // One key per intended invoice: a double click or a retry after a lost answer makes one invoice.
  const idempotency = useIdempotencyKey();
  const minCents = rules.data?.depositMinCents;
  const problem = depositAmountProblem(amount, minCents);
  const shownError = serverError ?? (touched ? problem : null);
  const cents = parseDecimalToCents(amount.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFormError(null);
    setServerError(null);
    if (problem) {
      document.getElementById("deposit-amount")?.focus();
      return;
    }
    try {
      const invoice = await create.mutateAsync({ input: { amount: amount.trim() }, key: idempotency.key });
      idempotency.succeeded();
      await navigate(`/invoice-balance/${encodeURIComponent(invoice.id)}`);
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.find((f) => f.field === "amount") : undefined;
      if (field) {
        setServerError(field.message);
        document.getElementById("deposit-amount")?.focus();
      } else setFormError(errorMessage(error));
      idempotency.failed(error);
    }
  };

  return (
    <Box>
      <PageHeader
        title="Add Balance"
        subtitle="Add money to your wallet by bank transfer. Your wallet is credited once we have confirmed the transfer."
      />
      <Card sx={{ maxWidth: 640 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2}>
              <Typography variant="h2" component="h2">
                New deposit
              </Typography>
              {formError ? <Alert severity="error">{formError}</Alert> : null}
              <TextField
                id="deposit-amount"
                label="Amount (USD)"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  setServerError(null);
                }}
                onBlur={() => setTouched(true)}
                error={Boolean(shownError)}
                helperText={
                  shownError ??
                  (minCents !== undefined
                    ? `At least ${usd(minCents)}.`
                    : "In US dollars, up to 2 decimals, e.g. 250.00.")
                }
                autoComplete="off"
                slotProps={{
                  htmlInput: { inputMode: "decimal" },
                  input: { endAdornment: <InputAdornment position="end">USD</InputAdornment> },
                }}
              />
              {display.currency !== "USD" && cents !== null && cents > 0 && !problem ? (
                <Typography variant="body2" sx={{ color: "text.secondary" }} aria-live="polite">
                  About <Money cents={cents} /> in your display currency.
                </Typography>
              ) : null}
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                Next you will see the invoice: our bank account, the reference to put in your transfer, and where to
                upload the proof of payment.
              </Typography>
              <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                <Button type="submit" variant="contained" disabled={create.isPending}>
                  {create.isPending ? "Creating…" : "Create invoice"}
                </Button>
                <Button component={RouterLink} to="/invoice-balance" color="inherit">
                  My invoices
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/wallet">
          Back to your balance
        </Link>
      </Typography>
    </Box>
  );
}
