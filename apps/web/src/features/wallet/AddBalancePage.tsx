import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useNavigate } from "react-router";
import { MemberAmountField } from "../../components/AmountField.tsx";
import { FormButtons, FormStack } from "../../components/FormLayout.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { amountFormSchema, amountRequest, atLeastText, validAmountMicrocents } from "../../lib/amount.ts";
import { useMoneyForm } from "../../lib/money-form.ts";
import { paths } from "../../lib/paths.ts";
import { publicSettingsQuery, useMemberQuote } from "../../lib/settings.ts";
import { BreakNotice } from "../protection/index.ts";
import { depositAmountRules } from "./amount-rules.ts";
import { useCreateDeposit } from "./api.ts";

/** `/add-balance`: an amount → a deposit invoice with the transfer instructions. */
export function AddBalancePage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  // The public settings: one cache entry, kept current by the `settings.updated` message.
  const settings = useQuery(publicSettingsQuery);
  const create = useCreateDeposit();
  const rate = useMemberQuote();
  const minMicrocents = settings.data?.depositMinMicrocents;
  const amountRules = depositAmountRules(minMicrocents, rate.quote);
  // One key per intended invoice: a double click or a retry after a lost answer makes one invoice.
  const { form, submit, formError } = useMoneyForm({
    schema: amountFormSchema(amountRules, rate.quote),
    rulesKey: [minMicrocents, rate.quote],
    defaultValues: { amount: "" },
    mode: "onTouched",
    fields: ["amount"],
    send: ({ amount }, key) => create.mutateAsync({ input: amountRequest(amount, rate.quote), key }),
    leavesWhenSent: true,
    onSent: (invoice) => navigate(paths.invoiceBalanceOne(invoice.id)),
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const currency = rate.currency;

  return (
    <Box>
      <PageHeader
        title={t`Add Balance`}
        subtitle={t`Add money to your wallet by bank transfer. Your wallet is credited once we have confirmed the transfer.`}
      />
      <BreakNotice />
      <Card sx={{ maxWidth: 640 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <FormStack
            onSubmit={submit}
            error={formError}
            heading={
              <Typography variant="h2" component="h2">
                <Trans>New deposit</Trans>
              </Typography>
            }
          >
            <MemberAmountField
              id="deposit-amount"
              rate={rate}
              registration={register("amount")}
              error={errors.amount}
              helperText={
                minMicrocents !== undefined
                  ? `${atLeastText(minMicrocents, rate.quote)}.`
                  : currency === "USD"
                    ? t`In US dollars, up to 2 decimals, e.g. 250.00.`
                    : t`In ${currency}, up to 2 decimals.`
              }
              typed={watch("amount")}
              microcents={validAmountMicrocents(watch("amount"), amountRules, rate.quote)}
            />
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              <Trans>
                Next you will see the invoice: our bank account, the reference to put in your transfer, and where to
                upload the proof of payment.
              </Trans>
            </Typography>
            <FormButtons
              label={t`Create invoice`}
              busyLabel={t`Creating…`}
              busy={create.isPending}
              // The request carries the rate: none to send until it is known.
              disabled={!rate.quote}
            >
              <Button component={RouterLink} to={paths.invoiceBalance} color="inherit">
                <Trans>My invoices</Trans>
              </Button>
            </FormButtons>
          </FormStack>
        </CardContent>
      </Card>
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link component={RouterLink} to={paths.wallet}>
          <Trans>Back to your balance</Trans>
        </Link>
      </Typography>
    </Box>
  );
}
