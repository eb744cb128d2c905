import InputAdornment from "@mui/material/InputAdornment";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { fieldProps } from "../lib/form.ts";
import { useDisplayCurrency } from "../lib/settings.ts";
import { Money } from "./Money.tsx";

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
  /**
   * The amount typed, in cents, when it is valid: then, for a member whose display currency is not
   * USD, the field is followed by "About … in your display currency.".
   */
  approxCents?: number | null;
  /** The "USD" at the end of the input (default: shown). */
  unit?: boolean;
};

/** "About 3,900,000.00 IDR in your display currency.": a typed USD amount in the member's currency. */
function DisplayCurrencyHint({ cents }: { cents: number | null }) {
  const display = useDisplayCurrency();
  if (display.currency === "USD" || cents === null || cents <= 0) return null;
  return (
    <Typography variant="body2" sx={{ color: "text.secondary" }} aria-live="polite">
      About <Money cents={cents} /> in your display currency.
    </Typography>
  );
}

/** The amount input of every money form: USD, up to 2 decimals, typed as text. */
export function AmountField({ registration, error, helperText, approxCents, unit = true, ...props }: AmountFieldProps) {
  return (
    <>
      <TextField
        autoComplete="off"
        {...props}
        {...fieldProps(registration, error, helperText)}
        slotProps={{
          htmlInput: { inputMode: "decimal" },
          input: unit ? { endAdornment: <InputAdornment position="end">USD</InputAdornment> } : undefined,
        }}
      />
      {approxCents === undefined ? null : <DisplayCurrencyHint cents={approxCents} />}
    </>
  );
}
