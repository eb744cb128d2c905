import type { RateQuote, WithdrawalRequirements } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useNavigate } from "react-router";
import { z } from "zod";
import { MemberAmountField } from "../../components/AmountField.tsx";
import { FormButtons, FormStack } from "../../components/FormLayout.tsx";
import { Money } from "../../components/Money.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { SummaryBox, SummaryRow } from "../../components/Summary.tsx";
import { amountRangeText, amountRequest, amountSchema } from "../../lib/amount.ts";
import { ApiError } from "../../lib/api.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { fieldProps } from "../../lib/form.ts";
import { useMoneyForm } from "../../lib/money-form.ts";
import { paths } from "../../lib/paths.ts";
import { useMemberQuote } from "../../lib/settings.ts";
import { withdrawalAmountRules, withdrawalPreview } from "./amount-rules.ts";
import { useCreateWithdrawal } from "./api.ts";
import { feeRuleText } from "./model.ts";
import { RequirementsCard, requirementsOf } from "./WithdrawalRequirements.tsx";

const SIX_DIGITS = /^\d{6}$/;

function withdrawalFormSchema(req: WithdrawalRequirements, walletCents: number, quote: RateQuote | null) {
  return z.object({
    amount: amountSchema(withdrawalAmountRules(req, walletCents, quote), quote),
    totpCode: req.twoFactorRequired ? z.string().trim().regex(SIX_DIGITS, "Enter the 6-digit code") : z.string(),
  });
}

/** The requirements, then the amount with its fee and net, the destination and the 2FA code. */
export function WithdrawalForm({ req }: { req: WithdrawalRequirements }) {
  const navigate = useNavigate();
  const balances = useMemberBalances();
  const create = useCreateWithdrawal();
  const rate = useMemberQuote();
  const walletCents = balances.data?.wallet ?? req.walletCents;
  // One key per intended withdrawal, kept through retries until the server gives a definite answer.
  const { form, submit, formError } = useMoneyForm({
    schema: withdrawalFormSchema(req, walletCents, rate.quote),
    rulesKey: [req, walletCents, rate.quote],
    defaultValues: { amount: "", totpCode: "" },
    mode: "onTouched",
    fields: ["amount", "totpCode"],
    send: ({ amount, totpCode }, key) =>
      create.mutateAsync({
        input: { ...amountRequest(amount, rate.quote), ...(req.twoFactorRequired ? { totpCode } : {}) },
        key,
      }),
    leavesWhenSent: true,
    onSent: (withdrawal) => navigate(paths.invoiceWdOne(withdrawal.id)),
    // A refused code is typed again from the start.
    onFailed: (error) => {
      if (error instanceof ApiError && error.fields.some((f) => f.field === "totpCode")) form.setValue("totpCode", "");
    },
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const preview = withdrawalPreview(watch("amount"), req, walletCents, rate.quote);
  const items = requirementsOf(req);
  const ready = items.every((item) => item.state === "done");
  const code = register("totpCode");

  return (
    <Stack spacing={3}>
      <RequirementsCard items={items} twoFactorRequired={req.twoFactorRequired} />
      <SectionCard id="form-heading" title="Request a withdrawal">
        <FormStack onSubmit={submit} error={formError}>
          {!ready ? <Alert severity="warning">Complete the steps above to request a withdrawal.</Alert> : null}
          <Typography>
            Available in your wallet: <Money cents={walletCents} sx={{ fontWeight: 700 }} />
          </Typography>
          <MemberAmountField
            id="withdrawal-amount"
            rate={rate}
            registration={register("amount")}
            error={errors.amount}
            helperText={`${amountRangeText(req.minCents, req.maxCents, rate.quote)}. Fee: ${feeRuleText(req.feeBps, req.feeFlatCents)}.`}
            typed={watch("amount")}
            cents={preview.ok ? preview.quote.amountCents : null}
          />
          <SummaryBox
            label="Withdrawal summary"
            note="The amount leaves your wallet now and is held until we pay it out. The server confirms the fee."
          >
            <SummaryRow label="Amount">
              {preview.quote ? <Money cents={preview.quote.amountCents} withUsd /> : "—"}
            </SummaryRow>
            <SummaryRow label={`Fee (${feeRuleText(req.feeBps, req.feeFlatCents)})`}>
              {preview.quote ? <Money cents={preview.quote.feeCents} withUsd /> : "—"}
            </SummaryRow>
            <SummaryRow label="You receive" strong>
              {preview.quote && preview.quote.netCents > 0 ? <Money cents={preview.quote.netCents} withUsd /> : "—"}
            </SummaryRow>
          </SummaryBox>
          {req.bank ? (
            <Box>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                Paid to
              </Typography>
              <Typography>
                {req.bank.bankName} · {req.bank.accountHolder} ·{" "}
                <Box component="span" sx={{ fontFamily: "monospace" }}>
                  {req.bank.accountNumberMasked}
                </Box>
              </Typography>
            </Box>
          ) : null}
          {req.twoFactorRequired ? (
            <TextField
              id="withdrawal-code"
              label="Authentication code"
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 6 } }}
              sx={{ maxWidth: 280 }}
              {...fieldProps(
                {
                  ...code,
                  // Digits only, as typed.
                  onChange: (event) => {
                    event.target.value = event.target.value.replace(/\D/g, "").slice(0, 6);
                    return code.onChange(event);
                  },
                },
                errors.totpCode,
                "The 6-digit code from your authenticator app.",
              )}
            />
          ) : null}
          <FormButtons
            label="Request withdrawal"
            busyLabel="Requesting…"
            busy={create.isPending}
            // The request carries the rate: none to send until it is known.
            disabled={!ready || !rate.quote}
          >
            <Button component={RouterLink} to={paths.viewWithdrawal} color="inherit">
              My withdrawals
            </Button>
          </FormButtons>
        </FormStack>
      </SectionCard>
    </Stack>
  );
}
