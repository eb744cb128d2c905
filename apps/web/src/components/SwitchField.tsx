import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

/** A yes/no field of a react-hook-form form, as a labelled switch. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  /** A boolean field of the form. */
  name: FieldPath<T>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
          label={label}
        />
      )}
    />
  );
}
