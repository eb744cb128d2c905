import { useLingui } from "@lingui/react/macro";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import { useState } from "react";
import { TextInput, type TextInputProps } from "./TextInput.tsx";

type PasswordFieldProps = Omit<TextInputProps, "type" | "autoComplete"> & {
  autoComplete: "current-password" | "new-password";
  /** Show the show/hide button (off in short confirmation dialogs). */
  revealToggle?: boolean;
};

/** A password input with a show/hide button (a TextInput: light enough for the sign-in screens). */
export function PasswordField({ slotProps, revealToggle = true, ...props }: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? "text" : "password"}
      slotProps={{
        ...slotProps,
        htmlInput: { spellCheck: false, autoCapitalize: "none", ...slotProps?.htmlInput },
        input: {
          endAdornment: !revealToggle ? undefined : (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(event) => event.preventDefault()}
                aria-label={visible ? t`Hide password` : t`Show password`}
                edge="end"
                size="small"
              >
                {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
