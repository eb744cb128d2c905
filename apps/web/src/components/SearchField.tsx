import SearchIcon from "@mui/icons-material/Search";
import InputAdornment from "@mui/material/InputAdornment";
import TextField, { type TextFieldProps } from "@mui/material/TextField";

/** A search input with the magnifier in front; `htmlInput` adds attributes to the input itself. */
export function SearchField({
  htmlInput,
  ...props
}: Omit<TextFieldProps, "type" | "slotProps"> & { htmlInput?: Record<string, unknown> }) {
  return (
    <TextField
      type="search"
      {...props}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden="true" />
            </InputAdornment>
          ),
        },
        htmlInput,
      }}
    />
  );
}
