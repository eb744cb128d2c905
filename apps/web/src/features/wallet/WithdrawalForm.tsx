import type { RateQuote, WithdrawalRequirements } from "@helio/shared";
import { z } from "@helio/shared/zod";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useNavigate } from "react-router";
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

function withdrawalFormSchema(req: WithdrawalRequirements, walletMicrocents: bigint, quote: RateQuote | null) {
  return z.object({
    amount: amountSchema(withdrawalAmountRules(req, walletMicrocents, quote), quote),
    totpCode: req.twoFactorRequired
      ? z.string().check(z.trim(), z.regex(SIX_DIGITS, i18n._(msg`Enter the 6-digit code`)))
      : z.string(),
  });
}

/** The requirements, then the amount with its fee and net, the destination and the 2FA code. */
export function WithdrawalForm({ req }: { req: WithdrawalRequirements }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const balances = useMemberBalances();
  const create = useCreateWithdrawal();
  const rate = useMemberQuote();
  const walletMicrocents = balances.data?.wallet ?? req.walletMicrocents;
  // One key per intended withdrawal, kept through retries until the server gives a definite answer.
  const { form, submit, formError } = useMoneyForm({
    schema: withdrawalFormSchema(req, walletMicrocents, rate.quote),
    rulesKey: [req, walletMicrocents, rate.quote],
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
  const preview = withdrawalPreview(watch("amount"), req, walletMicrocents, rate.quote);
  const items = requirementsOf(req);
  const ready = items.every((item) => item.state === "done");
  const code = register("totpCode");
  const range = amountRangeText(req.minMicrocents, req.maxMicrocents, rate.quote);
  const feeRule = feeRuleText(req.feeBps, req.feeFlatMicrocents);

  return (
    <Stack spacing={3}>
      <RequirementsCard items={items} twoFactorRequired={req.twoFactorRequired} />
      <SectionCard id="form-heading" title={t`Request a withdrawal`}>
        <FormStack onSubmit={submit} error={formError}>
          {!ready ? (
            <Alert severity="warning">
              <Trans>Complete the steps above to request a withdrawal.</Trans>
            </Alert>
          ) : null}
          <Typography>
            <Trans>
              Available in your wallet: <Money microcents={walletMicrocents} sx={{ fontWeight: 700 }} />
            </Trans>
          </Typography>
          <MemberAmountField
            id="withdrawal-amount"
            rate={rate}
            registration={register("amount")}
            error={errors.amount}
            helperText={t`${range}. Fee: ${feeRule}.`}
            typed={watch("amount")}
            microcents={preview.ok ? preview.quote.amountMicrocents : null}
          />
          <SummaryBox
            label={t`Withdrawal summary`}
            note={t`The amount leaves your wallet now and is held until we pay it out. The server confirms the fee.`}
          >
            <SummaryRow label={t`Amount`}>
              {preview.quote ? <Money microcents={preview.quote.amountMicrocents} withUsd /> : "—"}
            </SummaryRow>
            <SummaryRow label={t`Fee (${feeRule})`}>
              {preview.quote ? <Money microcents={preview.quote.feeMicrocents} withUsd /> : "—"}
            </SummaryRow>
            <SummaryRow label={t`You receive`} strong>
              {preview.quote && preview.quote.netMicrocents > 0n ? (
                <Money microcents={preview.quote.netMicrocents} withUsd />
              ) : (
                "—"
              )}
            </SummaryRow>
          </SummaryBox>
          {req.bank ? (
            <Box>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                <Trans>Paid to</Trans>
              </Typography>
              <Typography>
                <bdi>{req.bank.bankName}</bdi> · <bdi>{req.bank.accountHolder}</bdi> ·{" "}
                <Box component="span" dir="ltr" sx={{ fontFamily: "monospace" }}>
                  {req.bank.accountNumberMasked}
                </Box>
              </Typography>
            </Box>
          ) : null}
          {req.twoFactorRequired ? (
            <TextField
              id="withdrawal-code"
              label={t`Authentication code`}
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
                t`The 6-digit code from your authenticator app.`,
              )}
            />
          ) : null}
          <FormButtons
            label={t`Request withdrawal`}
            busyLabel={t`Requesting…`}
            busy={create.isPending}
            // The request carries the rate: none to send until it is known.
            disabled={!ready || !rate.quote}
          >
            <Button component={RouterLink} to={paths.viewWithdrawal} color="inherit">
              <Trans>My withdrawals</Trans>
            </Button>
          </FormButtons>
        </FormStack>
      </SectionCard>
    </Stack>
  );
}
