import type { RegisterInput } from "@helio/shared";
import { Trans } from "@lingui/react/macro";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Link from "@mui/material/Link";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { wordFieldError } from "../../lib/error-words.ts";
import { paths } from "../../lib/paths.ts";

type Name = "acceptTerms" | "confirmAdult";

/** One required box of the registration form, with its error under it. */
function Consent({
  name,
  register,
  errors,
  label,
}: {
  name: Name;
  register: UseFormRegister<RegisterInput>;
  errors: FieldErrors<RegisterInput>;
  label: React.ReactNode;
}) {
  const error = wordFieldError(errors[name]?.message);
  const { ref, ...field } = register(name);
  const helperId = `${name}-error`;
  return (
    <FormControl error={Boolean(error)} required>
      <FormControlLabel
        sx={{ alignItems: "flex-start", "& .MuiCheckbox-root": { pt: 0.5 } }}
        control={
          <Checkbox
            {...field}
            slotProps={{
              input: {
                ref,
                "aria-required": true,
                "aria-invalid": Boolean(error),
                ...(error ? { "aria-describedby": helperId } : {}),
              } as object,
            }}
          />
        }
        label={label}
      />
      {error ? <FormHelperText id={helperId}>{error}</FormHelperText> : null}
    </FormControl>
  );
}

/** The terms accepted (their version is stored with the time) and the member's age confirmed. */
export function RegisterConsents({
  register,
  errors,
}: {
  register: UseFormRegister<RegisterInput>;
  errors: FieldErrors<RegisterInput>;
}) {
  return (
    <>
      <Consent
        name="acceptTerms"
        register={register}
        errors={errors}
        label={
          <Trans>
            I accept the{" "}
            <Link component={RouterLink} to={paths.terms} target="_blank">
              terms and conditions
            </Link>{" "}
            and have read the{" "}
            <Link component={RouterLink} to={paths.privacy} target="_blank">
              privacy notice
            </Link>
            .
          </Trans>
        }
      />
      <Consent
        name="confirmAdult"
        register={register}
        errors={errors}
        label={<Trans>I am 18 years old or older.</Trans>}
      />
    </>
  );
}
