import { ADJUSTABLE_ACCOUNTS, adminAdjustSchema, formatMoney, parseDecimalToMicrocents } from "@helio/shared";
import { z } from "@helio/shared/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { Controller } from "react-hook-form";
import { AmountField } from "../../components/AmountField.tsx";
import { DialogButtons } from "../../components/FormLayout.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { amountSchema } from "../../lib/amount.ts";
import { useDialogOpening } from "../../lib/dialog-opening.ts";
import { fieldProps } from "../../lib/form.ts";
import { type IdempotencyKey, useIdempotencyKey } from "../../lib/idempotency.ts";
import { accountLabel } from "../../lib/ledger.ts";
import { useMoneyForm } from "../../lib/money-form.ts";
import { useAdjustBalance } from "./money-api.ts";

const { account, reason } = adminAdjustSchema.shape;
const absolute = (microcents: bigint) => (microcents < 0n ? -microcents : microcents);
/** The request's fields (the amount as typed, in USD, and its direction), so server errors land on them. */
const adjustFormSchema = z.object({
  account,
  direction: z.enum(["credit", "debit"]),
  amountMicrocents: amountSchema({ messages: { zero: "Cannot be zero" } }),
  reason,
});

interface AdjustBalanceDialogProps {
  uid: string;
  open: boolean;
  onClose: () => void;
  /** After the adjustment, with the sentence to show (the caller closes the dialog). */
  onDone: (text: string) => void;
}

/**
 * "Adjust a balance": credit or debit one of a member's accounts, with a reason for the audit log.
 * Every opening starts afresh (`useDialogOpening`): Wallet, Credit, no amount, no reason, no error,
 * whatever the last opening left (a debit typed then cancelled, a refusal, a done adjustment).
 */
export function AdjustBalanceDialog(props: AdjustBalanceDialogProps) {
  // Outlives the openings: after a lost answer, the same adjustment sent again from a fresh form
  // goes under the same key, so it cannot be done twice (a definite answer rotates it).
  const idempotency = useIdempotencyKey();
  return <AdjustBalanceForm key={useDialogOpening(props.open)} {...props} idempotency={idempotency} />;
}

function AdjustBalanceForm({
  uid,
  open,
  onClose,
  onDone,
  idempotency,
}: AdjustBalanceDialogProps & { idempotency: IdempotencyKey }) {
  const titleId = useId();
  const adjust = useAdjustBalance(uid);
  const { form, submit, formError } = useMoneyForm({
    schema: adjustFormSchema,
    defaultValues: { account: "wallet", direction: "credit", amountMicrocents: "", reason: "" },
    fields: ["amountMicrocents", "reason"],
    idempotency,
    send: ({ account, direction, amountMicrocents, reason }, key) => {
      // The form is validated before it is sent: the fallback never applies.
      const amount = parseDecimalToMicrocents(amountMicrocents) ?? 0n;
      return adjust.mutateAsync({
        input: { account, amountMicrocents: direction === "credit" ? amount : -amount, reason },
        key,
      });
    },
    // The values stay while the dialog fades out; the next opening starts from the defaults.
    onSent: (result, { account, direction }) => {
      onDone(
        "awaitingSecondApproval" in result
          ? `Awaiting a second approval: another finance or owner staff member approves this ${direction} of ${formatMoney(absolute(result.request.amountMicrocents), "USD")} under Adjustments, and the money moves then.`
          : `${direction === "credit" ? "Credited" : "Debited"} ${accountLabel(account)}: new balance ${formatMoney(result.balanceAfterMicrocents, "USD")}.`,
      );
    },
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const direction = watch("direction");

  return (
    <Dialog
      open={open}
      onClose={adjust.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Adjust a balance</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              A correction is a new ledger transaction against the adjustments account; it is audited with your reason.
            </Typography>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <Controller
              control={control}
              name="account"
              render={({ field }) => (
                <SelectField
                  label="Account"
                  value={field.value}
                  onChange={field.onChange}
                  options={ADJUSTABLE_ACCOUNTS.map((a) => ({ value: a, label: accountLabel(a) }))}
                />
              )}
            />
            <Controller
              control={control}
              name="direction"
              render={({ field }) => (
                <FormControl>
                  <FormLabel id={`${titleId}-direction`}>Direction</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby={`${titleId}-direction`}
                    value={field.value}
                    onChange={field.onChange}
                  >
                    <FormControlLabel value="credit" control={<Radio />} label="Credit (add)" />
                    <FormControlLabel value="debit" control={<Radio />} label="Debit (take)" />
                  </RadioGroup>
                </FormControl>
              )}
            />
            <AmountField
              label="Amount"
              registration={register("amountMicrocents")}
              error={errors.amountMicrocents}
              helperText="In US dollars, e.g. 25.00."
            />
            <TextField
              label="Reason"
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
              {...fieldProps(
                register("reason"),
                errors.reason,
                "Required. The member does not see it; the audit log does.",
              )}
            />
          </Stack>
        </DialogContent>
        <DialogButtons
          label={direction === "credit" ? "Credit" : "Debit"}
          busyLabel="Saving…"
          busy={adjust.isPending}
          onCancel={onClose}
        />
      </Box>
    </Dialog>
  );
}
