import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useNavigate } from "react-router";
import { AmountField } from "../../components/AmountField.tsx";
import { FormButtons, FormStack } from "../../components/FormLayout.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { amountFormSchema, validAmountCents } from "../../lib/amount.ts";
import { useMoneyForm } from "../../lib/money-form.ts";
import { paths } from "../../lib/paths.ts";
import { depositAmountRules } from "./amount-rules.ts";
import { depositRulesQuery, useCreateDeposit } from "./api.ts";
import { usd } from "./model.ts";

/** `/add-balance`: an amount → a deposit invoice with the transfer instructions. */
export function AddBalancePage() {
  const navigate = useNavigate();
  const rules = useQuery(depositRulesQuery);
  const create = useCreateDeposit();
  const minCents = rules.data?.depositMinCents;
  const amountRules = depositAmountRules(minCents);
  // One key per intended invoice: a double click or a retry after a lost answer makes one invoice.
  const { form, submit, formError } = useMoneyForm({
    schema: amountFormSchema(amountRules),
    defaultValues: { amount: "" },
    mode: "onTouched",
    fields: ["amount"],
    send: ({ amount }, key) => create.mutateAsync({ input: { amount }, key }),
    onSent: (invoice) => navigate(paths.invoiceBalanceOne(invoice.id)),
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;

  return (
    <Box>
      <PageHeader
        title="Add Balance"
        subtitle="Add money to your wallet by bank transfer. Your wallet is credited once we have confirmed the transfer."
      />
      <Card sx={{ maxWidth: 640 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <FormStack
            onSubmit={submit}
            error={formError}
            heading={
              <Typography variant="h2" component="h2">
                New deposit
              </Typography>
            }
          >
            <AmountField
              id="deposit-amount"
              label="Amount (USD)"
              registration={register("amount")}
              error={errors.amount}
              helperText={
                minCents !== undefined ? `At least ${usd(minCents)}.` : "In US dollars, up to 2 decimals, e.g. 250.00."
              }
              approxCents={validAmountCents(watch("amount"), amountRules)}
            />
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              Next you will see the invoice: our bank account, the reference to put in your transfer, and where to
              upload the proof of payment.
            </Typography>
            <FormButtons label="Create invoice" busyLabel="Creating…" busy={create.isPending}>
              <Button component={RouterLink} to={paths.invoiceBalance} color="inherit">
                My invoices
              </Button>
            </FormButtons>
          </FormStack>
        </CardContent>
      </Card>
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link component={RouterLink} to={paths.wallet}>
          Back to your balance
        </Link>
      </Typography>
    </Box>
  );
}
