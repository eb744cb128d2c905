import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput, { type OutlinedInputProps } from "@mui/material/OutlinedInput";
import type { SxProps, Theme } from "@mui/material/styles";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

export type TextInputProps = Pick<
  OutlinedInputProps,
  "autoComplete" | "autoFocus" | "disabled" | "name" | "onBlur" | "onChange" | "placeholder" | "type" | "value"
> & {
  label: ReactNode;
  id?: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  sx?: SxProps<Theme>;
  /** As TextField's: attributes of the `<input>` and the outlined input's adornments. */
  slotProps?: {
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
    input?: Pick<OutlinedInputProps, "endAdornment" | "startAdornment">;
  };
};

/**
 * An outlined text input with its label and helper text: what MUI's TextField renders, without
 * the `select` variant that brings Select, Menu and Modal along (about 24 kB gzip). The sign-in
 * screens use it to keep their first load small (docs/performance.md, first load).
 */
export function TextInput({
  label,
  id,
  error = false,
  helperText,
  required,
  fullWidth = true,
  inputRef,
  sx,
  slotProps,
  disabled,
  ...input
}: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl error={error} required={required} fullWidth={fullWidth} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={inputId} id={`${inputId}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        {...slotProps?.input}
        id={inputId}
        label={label}
        inputRef={inputRef}
        aria-describedby={helperId}
        inputProps={slotProps?.htmlInput}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
