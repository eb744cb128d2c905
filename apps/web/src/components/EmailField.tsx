import { useLingui } from "@lingui/react/macro";
import TextField, { type TextFieldProps } from "@mui/material/TextField";

/** An email address input: the email keyboard, the browser's saved address, no capitals or spelling fixes. */
export function EmailField(props: Omit<TextFieldProps, "type" | "slotProps">) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Email`}
      type="email"
      autoComplete="email"
      {...props}
      slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
    />
  );
}
