import type { Settings } from "@helio/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import InputAdornment from "@mui/material/InputAdornment";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { fieldProps } from "../../lib/form.ts";
import { adminSettingsQuery, useSaveSettings } from "./money-api.ts";
import {
  formToSettings,
  RATE_FIELDS,
  type SettingsForm,
  settingsFormSchema,
  settingsToForm,
} from "./settings-model.ts";

const grid = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(4, minmax(0, 1fr))" },
};
const usdAdornment = {
  input: { endAdornment: <InputAdornment position="end">USD</InputAdornment> },
  htmlInput: { inputMode: "decimal" as const },
};

function SettingsEditor({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<SettingsForm>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: settingsToForm(settings),
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      const next = await save.mutateAsync(formToSettings(values, settings));
      reset(settingsToForm(next));
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        const known = new Set<string>(
          Object.keys(settingsToForm(settings)).concat(
            ["bankName", "accountName", "accountNumber", "notes"].map((k) => `transferInstructions.${k}`),
          ),
        );
        const unplaced: string[] = [];
        for (const f of error.fields) {
          if (known.has(f.field)) setError(f.field as FieldPath<SettingsForm>, { type: "server", message: f.message });
          else unplaced.push(`${f.field}: ${f.message}`);
        }
        setFormError(unplaced.length ? unplaced.join(" ") : "Please correct the marked fields.");
      } else setFormError(errorMessage(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={3}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        {saved && !isDirty ? (
          <Alert severity="success" role="status">
            Saved. Members see the new values at once.
          </Alert>
        ) : null}
        <SectionCard
          id="display-heading"
          title="Display"
          description="The support chat button and the currency rates (1 USD in each currency)."
        >
          <Controller
            control={control}
            name="menuContact"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label="Show the support chat button (menuContact)"
              />
            )}
          />
          <Box sx={{ ...grid, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, minmax(0, 1fr))" }, mt: 2 }}>
            {RATE_FIELDS.map((name) => (
              <TextField
                key={name}
                label={`1 USD in ${name.slice(4)}`}
                slotProps={{ htmlInput: { inputMode: "decimal" } }}
                {...fieldProps(register(name), errors[name])}
              />
            ))}
          </Box>
        </SectionCard>
        <SectionCard id="deposits-heading" title="Deposits">
          <Box sx={grid}>
            <TextField
              label="Minimum deposit"
              slotProps={usdAdornment}
              {...fieldProps(register("depositMinCents"), errors.depositMinCents)}
            />
            <TextField
              label="Invoice expiry (minutes)"
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
              {...fieldProps(register("invoiceExpiryMinutes"), errors.invoiceExpiryMinutes, "5 to 43200 (30 days).")}
            />
          </Box>
        </SectionCard>
        <SectionCard
          id="withdrawals-heading"
          title="Withdrawals"
          description="Fee = amount × percent (rounded half to even) + flat fee."
        >
          <Box sx={grid}>
            <TextField
              label="Minimum withdrawal"
              slotProps={usdAdornment}
              {...fieldProps(register("withdrawalMinCents"), errors.withdrawalMinCents)}
            />
            <TextField
              label="Maximum withdrawal"
              slotProps={usdAdornment}
              {...fieldProps(register("withdrawalMaxCents"), errors.withdrawalMaxCents)}
            />
            <TextField
              label="Fee percent"
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                htmlInput: { inputMode: "decimal" },
              }}
              {...fieldProps(register("withdrawalFeeBps"), errors.withdrawalFeeBps, "0 to 50, 2 decimals.")}
            />
            <TextField
              label="Flat fee"
              slotProps={usdAdornment}
              {...fieldProps(register("withdrawalFeeFlatCents"), errors.withdrawalFeeFlatCents)}
            />
          </Box>
        </SectionCard>
        <SectionCard
          id="transfer-heading"
          title="Transfer instructions"
          description="Shown on every new deposit invoice (existing invoices keep theirs)."
        >
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" } }}>
            <TextField
              label="Bank name"
              {...fieldProps(register("transferInstructions.bankName"), errors.transferInstructions?.bankName)}
            />
            <TextField
              label="Account name"
              {...fieldProps(register("transferInstructions.accountName"), errors.transferInstructions?.accountName)}
            />
            <TextField
              label="Account number"
              {...fieldProps(
                register("transferInstructions.accountNumber"),
                errors.transferInstructions?.accountNumber,
              )}
            />
          </Box>
          <TextField
            label="Notes"
            multiline
            minRows={2}
            fullWidth
            sx={{ mt: 2 }}
            {...fieldProps(register("transferInstructions.notes"), errors.transferInstructions?.notes)}
          />
        </SectionCard>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? "Saving…" : "Save settings"}
          </Button>
          <Button color="inherit" onClick={() => reset()} disabled={isSubmitting || !isDirty}>
            Discard changes
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** `/admin/settings`: rates, chat button, deposit and withdrawal limits and fees, transfer instructions. */
export function SettingsPage() {
  const settings = useQuery(adminSettingsQuery);
  return (
    <Box>
      <PageHeader title="Settings" subtitle="Amounts are in US dollars. Every change is audited and pushed live." />
      {settings.isPending ? (
        <Skeleton variant="rounded" height={480} />
      ) : settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsEditor settings={settings.data} />
      )}
    </Box>
  );
}
