import { CURRENCIES, registerSchema } from "@helio/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import type { z } from "zod";
import { PasswordField } from "../../components/PasswordField.tsx";
import { applyServerErrors, fieldProps } from "../../lib/form.ts";
import { AuthHeading } from "./AuthHeading.tsx";
import { registerMember } from "./api.ts";

type FormInput = z.input<typeof registerSchema>;
type FormOutput = z.output<typeof registerSchema>;

const FIELDS = ["firstName", "lastName", "username", "email", "password", "currency", "referralCode"] as const;

/** `/register` and `/register/:slug` (the slug pre-fills the referral code). */
export function RegisterPage() {
  const { slug } = useParams();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      firstName: "",
      lastName: "",
      username: "",
      email: "",
      password: "",
      currency: "USD",
      referralCode: slug ?? "",
    },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await registerMember(values);
      await navigate(`/verify-email?email=${encodeURIComponent(values.email)}`, { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <AuthHeading title="Create your account">Trade, invest and grow with Helio.</AuthHeading>
      <Stack spacing={2}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            {...fieldProps(register("firstName"), errors.firstName)}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            {...fieldProps(register("lastName"), errors.lastName)}
          />
        </Box>
        <TextField
          label="Username"
          autoComplete="username"
          required
          {...fieldProps(register("username"), errors.username, "3 to 20 characters: a-z, 0-9 and _")}
          slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...fieldProps(register("email"), errors.email)}
          slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          {...fieldProps(register("password"), errors.password, "At least 10 characters")}
        />
        <Controller
          control={control}
          name="currency"
          render={({ field }) => (
            <TextField
              select
              label="Display currency"
              name={field.name}
              value={field.value ?? "USD"}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(errors.currency)}
              helperText={errors.currency?.message ?? "Amounts are shown in this currency."}
            >
              {CURRENCIES.map((currency) => (
                <MenuItem key={currency} value={currency}>
                  {currency}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="Referral code (optional)"
          autoComplete="off"
          {...fieldProps(register("referralCode"), errors.referralCode, "The username of the member who invited you.")}
          slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? "Creating your account…" : "Create account"}
        </Button>
        <Typography variant="body2" sx={{ textAlign: "center" }}>
          Already have an account?{" "}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
