import { registerSchema } from "@helio/shared";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import { useNavigate, useParams } from "react-router";
import { EmailField } from "../../components/EmailField.tsx";
import { PasswordField } from "../../components/PasswordField.tsx";
import { FormSelectField } from "../../components/SelectField.tsx";
import { currencyOptions } from "../../lib/display-names.ts";
import { fieldProps } from "../../lib/form.ts";
import { paths } from "../../lib/paths.ts";
import { useSubmitForm } from "../../lib/submit-form.ts";
import { RiskWarning } from "../legal/index.ts";
import { AuthLayout, AuthLink, AuthSubmit } from "./AuthLayout.tsx";
import { registerMember } from "./api.ts";
import { RegisterConsents } from "./RegisterConsents.tsx";

const FIELDS = [
  "firstName",
  "lastName",
  "username",
  "email",
  "password",
  "currency",
  "referralCode",
  "acceptTerms",
  "confirmAdult",
] as const;

/** `/register` and `/register/:slug` (the slug pre-fills the referral code). */
export function RegisterPage() {
  const { t } = useLingui();
  const { slug } = useParams();
  const navigate = useNavigate();
  const { form, submit, formError } = useSubmitForm({
    schema: registerSchema,
    defaultValues: {
      firstName: "",
      lastName: "",
      username: "",
      email: "",
      password: "",
      currency: "USD",
      referralCode: slug ?? "",
      acceptTerms: false,
      confirmAdult: false,
    },
    fields: FIELDS,
    send: registerMember,
    leavesWhenSent: true,
    onSent: (_, values) => navigate(paths.verifyEmailFor(values.email), { replace: true }),
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <AuthLayout
      title={t`Create your account`}
      intro={t`Trade, invest and grow with Helio.`}
      onSubmit={submit}
      error={formError}
    >
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
        <TextField
          label={t`First name`}
          autoComplete="given-name"
          required
          {...fieldProps(register("firstName"), errors.firstName)}
        />
        <TextField
          label={t`Last name`}
          autoComplete="family-name"
          required
          {...fieldProps(register("lastName"), errors.lastName)}
        />
      </Box>
      <TextField
        label={t`Username`}
        autoComplete="username"
        required
        {...fieldProps(register("username"), errors.username, t`3 to 20 characters: a-z, 0-9 and _`)}
        slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
      />
      <EmailField required {...fieldProps(register("email"), errors.email)} />
      <PasswordField
        label={t`Password`}
        autoComplete="new-password"
        required
        {...fieldProps(register("password"), errors.password, t`At least 10 characters`)}
      />
      <FormSelectField
        control={control}
        name="currency"
        label={t`Display currency`}
        options={currencyOptions()}
        helperText={t`Amounts are shown in this currency.`}
      />
      <TextField
        label={t`Referral code (optional)`}
        autoComplete="off"
        {...fieldProps(register("referralCode"), errors.referralCode, t`The username of the member who invited you.`)}
        // Always above the box: the longest label of the form, it would not fit inside it at 360 px in
        // longer languages; small, it does.
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoCapitalize: "none", spellCheck: false } }}
      />
      <RegisterConsents register={register} errors={errors} />
      <RiskWarning />
      <AuthSubmit label={t`Create account`} busyLabel={t`Creating your account…`} busy={isSubmitting} />
      <AuthLink question={t`Already have an account?`} to={paths.login} label={t`Sign in`} />
    </AuthLayout>
  );
}
