import MenuItem from "@mui/material/MenuItem";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import type { ReactNode } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { wordFieldError } from "../lib/error-words.ts";

export interface SelectOption {
  value: string | number;
  label: ReactNode;
}

export type SelectFieldProps = Omit<TextFieldProps, "select" | "children"> & {
  options: readonly SelectOption[];
  /** A first option that chooses nothing (value ""), e.g. "All kinds" on a filter. */
  allLabel?: string;
};

/** A drop-down list: a select TextField of `options`. */
export function SelectField({ options, allLabel, ...props }: SelectFieldProps) {
  return (
    <TextField select {...props}>
      {allLabel === undefined ? null : <MenuItem value="">{allLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** `["USD", "IDR"]` → options that read as their values. */
export function plainOptions(values: readonly string[]): SelectOption[] {
  return values.map((value) => ({ value, label: value }));
}

type FormSelectFieldProps<T extends FieldValues> = Omit<
  SelectFieldProps,
  "name" | "value" | "onChange" | "onBlur" | "inputRef" | "error"
> & {
  control: Control<T>;
  name: FieldPath<T>;
  /** Shown while the field has no error. */
  helperText?: string;
};

/** A `SelectField` that is a field of a react-hook-form form; its error shows under it. */
export function FormSelectField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: FormSelectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField
          {...props}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={wordFieldError(fieldState.error?.message) ?? helperText}
        />
      )}
    />
  );
}
