import { useLingui } from "@lingui/react/macro";
import TextField, { type TextFieldProps } from "@mui/material/TextField";

/** A date input (the browser's date picker); its label always sits above, where the date's placeholder is. */
export function DateField(props: Omit<TextFieldProps, "type">) {
  return <TextField type="date" {...props} slotProps={{ ...props.slotProps, inputLabel: { shrink: true } }} />;
}

/**
 * The "From" and "To" dates of a filter, placed by whatever holds them. `problem` (the range is
 * wrong) marks both and is said under "To".
 */
export function DateRangeFields({
  from,
  to,
  onChange,
  problem,
  size,
}: {
  from: string;
  to: string;
  onChange: (end: "from" | "to", value: string) => void;
  problem?: string | null;
  size?: "small" | "medium";
}) {
  const { t } = useLingui();
  return (
    <>
      <DateField
        size={size}
        label={t`From`}
        value={from}
        onChange={(event) => onChange("from", event.target.value)}
        error={Boolean(problem)}
      />
      <DateField
        size={size}
        label={t`To`}
        value={to}
        onChange={(event) => onChange("to", event.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? undefined}
      />
    </>
  );
}
