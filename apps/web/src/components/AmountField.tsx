import { type Currency, formatMoney, type RateQuote } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import InputAdornment from "@mui/material/InputAdornment";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { formatRateText, roundedAmountNote } from "../lib/amount.ts";
import { fieldProps } from "../lib/form.ts";
import { leftToRight } from "../lib/left-to-right.ts";
import type { MemberQuote } from "../lib/settings.ts";
import { useFormatLocale } from "../lib/use-locale.ts";

type AmountFieldProps = Omit<
  TextFieldProps,
  "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "inputRef" | "error" | "helperText" | "slotProps"
> & {
  label: string;
  /** The react-hook-form registration of the field (its text, e.g. "12.34"; check it with `amountSchema`). */
  registration: UseFormRegisterReturn;
  error?: FieldError;
  /** Shown while there is no error. */
  helperText?: string;
  /** The currency code at the end of the input (default "USD"); null: none. */
  unit?: Currency | null;
};

/** The amount input of every money form: up to 2 decimals, typed as text (USD unless `unit` says). */
export function AmountField({ registration, error, helperText, unit = "USD", ...props }: AmountFieldProps) {
  return (
    <TextField
      autoComplete="off"
      {...props}
      {...fieldProps(registration, error, helperText)}
      slotProps={{
        htmlInput: { inputMode: "decimal" },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

/**
 * "That is 10.00 USD at 16,250 IDR per USD.": what a typed local amount comes to, at the rate the
 * request will carry, and, in the rare case the microcents it is held in come back to another
 * amount than the one typed (a rate above 1,000,000 per USD), "Rounded to 30,000.00 IDR (0.01
 * USD): amounts are kept in millionths of a US cent." (`roundedAmountNote`): what every money form
 * charges or credits. The live region stays in place (empty without a valid amount) so that a
 * screen reader hears each new figure, also a new rate.
 */
function ConversionLine({
  quote,
  microcents,
  typed,
}: {
  quote: RateQuote | null;
  microcents: bigint | null;
  typed: string;
}) {
  const locale = useFormatLocale();
  const shown = quote !== null && microcents !== null && microcents > 0n;
  const note = shown ? roundedAmountNote(typed, quote) : null;
  const usd = shown ? leftToRight(formatMoney(microcents, "USD", 1, locale)) : "";
  const rate = shown ? formatRateText(quote) : "";
  return (
    <Box aria-live="polite" sx={{ typography: "body2", color: "text.secondary" }}>
      {shown ? (
        <Box component="p" sx={{ m: 0, mt: 0.5 }}>
          <span>
            <Trans>
              That is {usd} at {rate}.
            </Trans>
          </span>
          {note ? (
            <>
              {" "}
              <Box component="span" sx={{ color: "text.primary" }}>
                {note}
              </Box>
            </>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

type MemberAmountFieldProps = Omit<AmountFieldProps, "label" | "unit"> & {
  /** The member's currency and rate (`useMemberQuote`): the label, the unit and the conversion. */
  rate: MemberQuote;
  /**
   * The microcents of the typed amount when it is valid (`validAmountMicrocents`), else null. */
  microcents: bigint | null;
  /** The text in the field (`watch("amount")`): said again, rounded, when the microcents differ from it. */
  typed: string;
  /** The currency code at the end of the input (default: shown). */
  unit?: boolean;
};

/**
 * A member's amount, typed in their own currency: "Amount (IDR)", and under it the USD it comes
 * to and, when its microcents change it, the amount it is rounded to (nothing more for a USD
 * member). `sx` places the field with its line as one block.
 */
export function MemberAmountField({ rate, microcents, typed, unit = true, sx, ...props }: MemberAmountFieldProps) {
  const { t } = useLingui();
  const currency = rate.currency;
  return (
    <Box sx={sx}>
      <AmountField label={t`Amount (${currency})`} unit={unit ? rate.currency : null} fullWidth {...props} />
      {rate.currency === "USD" ? null : <ConversionLine quote={rate.quote} microcents={microcents} typed={typed} />}
    </Box>
  );
}
