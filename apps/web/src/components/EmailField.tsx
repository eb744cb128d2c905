import TextField, { type TextFieldProps } from "@mui/material/TextField";

/** An email address input: the email keyboard, the browser's saved address, no capitals or spelling fixes. */
export function EmailField(props: Omit<TextFieldProps, "type" | "slotProps">) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      {...props}
      slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
    />
  );
}
