import { type AdminSettings, RATE_CURRENCIES, type RateCurrency } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { FieldPath } from "react-hook-form";
import { AmountField } from "../../components/AmountField.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { plainOptions, SelectField } from "../../components/SelectField.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { fieldProps } from "../../lib/form.ts";
import { useStaffMay } from "../../lib/staff.tsx";
import { ExampleInstructionsAlert } from "./ExampleInstructionsAlert.tsx";
import { LegalSettingsEditor } from "./LegalSettingsEditor.tsx";
import { adminSettingsQuery } from "./money-api.ts";
import { SettingsEditorForm } from "./SettingsEditorForm.tsx";
import {
  formToSettings,
  RATE_FIELDS,
  type SettingsForm,
  settingsFormSchema,
  settingsToForm,
} from "./settings-model.ts";
import { useSettingsEditor } from "./use-settings-editor.ts";

const grid = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(4, minmax(0, 1fr))" },
};

/** The server's names of the fields this editor shows (its errors for them go on the inputs). */
const SERVER_FIELDS = new Set<string>([
  "menuContact",
  ...RATE_FIELDS,
  "depositMinMicrocents",
  "withdrawalMinMicrocents",
  "withdrawalMaxMicrocents",
  "withdrawalFeeBps",
  "withdrawalFeeFlatMicrocents",
  "withdrawalHoldHoursAfterBankChange",
  "supportEmail",
  "withdrawalSecondApprovalMicrocents",
  "adjustmentSecondApprovalMicrocents",
  "invoiceExpiryMinutes",
  "referralCommissionBps.0",
  "referralCommissionBps.1",
  "referralCommissionBps.2",
  "fundTransferMinMicrocents",
  "investmentPeriodSeconds",
  ...["bankName", "accountName", "accountNumber", "notes"].map((k) => `transferInstructions.${k}`),
  ...RATE_CURRENCIES.flatMap((c) =>
    ["bankName", "accountName", "accountNumber", "notes"].map((k) => `transferInstructionsByCurrency.${c}.${k}`),
  ),
]);

/** The fields of the form that are amounts of money (typed in US dollars). */
type AmountName =
  | "depositMinMicrocents"
  | "withdrawalMinMicrocents"
  | "withdrawalMaxMicrocents"
  | "withdrawalFeeFlatMicrocents"
  | "withdrawalSecondApprovalMicrocents"
  | "adjustmentSecondApprovalMicrocents"
  | "fundTransferMinMicrocents";

function SettingsEditor({ settings }: { settings: AdminSettings }) {
  const mayWrite = useStaffMay("settingsWrite");
  const editor = useSettingsEditor({
    settings,
    schema: settingsFormSchema,
    toForm: settingsToForm,
    toSettings: formToSettings,
    fieldOf: (field) => (SERVER_FIELDS.has(field) ? (field as FieldPath<SettingsForm>) : null),
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = editor.form;
  // The account of one currency at a time; the others keep what was typed until the save.
  const [accountCurrency, setAccountCurrency] = useState<RateCurrency>("IDR");
  const byCurrency = watch("transferInstructionsByCurrency");
  const withOwnAccount = RATE_CURRENCIES.filter((c) => {
    const i = byCurrency?.[c];
    return Boolean(i && (i.bankName.trim() || i.accountName.trim() || i.accountNumber.trim()));
  });
  const accountErrors = errors.transferInstructionsByCurrency?.[accountCurrency];
  // Only the chosen currency's fields are drawn: a refusal on another currency's account shows that
  // currency, so its message is not left on fields no one can see.
  const failingCurrency = RATE_CURRENCIES.find((c) => errors.transferInstructionsByCurrency?.[c]);
  const chosenFails = Boolean(accountErrors);
  useEffect(() => {
    if (failingCurrency && !chosenFails) setAccountCurrency(failingCurrency);
  }, [failingCurrency, chosenFails]);
  const accountField = (key: "bankName" | "accountName" | "accountNumber" | "notes") =>
    register(`transferInstructionsByCurrency.${accountCurrency}.${key}`);
  const periodChanged = String(watch("investmentPeriodSeconds")).trim() !== String(settings.investmentPeriodSeconds);
  const amount = (name: AmountName, label: string) => (
    <AmountField label={label} registration={register(name)} error={errors[name]} />
  );

  return (
    <SettingsEditorForm
      editor={editor}
      savedText="Saved. Members see the new values at once."
      saveLabel="Save settings"
      readOnly={!mayWrite}
    >
      <SectionCard
        id="display-heading"
        title="Display"
        description="The support chat button and the currency rates (1 USD in each currency)."
      >
        <SwitchField control={control} name="menuContact" label="Show the support chat button (menuContact)" />
        <TextField
          label="Support e-mail"
          type="email"
          sx={{ mt: 2 }}
          fullWidth
          {...fieldProps(
            register("supportEmail"),
            errors.supportEmail,
            "Named to members who cannot sign in (blocked or banned). Empty: none.",
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
          {amount("depositMinMicrocents", "Minimum deposit")}
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
          {amount("withdrawalMinMicrocents", "Minimum withdrawal")}
          {amount("withdrawalMaxMicrocents", "Maximum withdrawal")}
          <TextField
            label="Fee percent"
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              htmlInput: { inputMode: "decimal" },
            }}
            {...fieldProps(register("withdrawalFeeBps"), errors.withdrawalFeeBps, "0 to 50, 2 decimals.")}
          />
          {amount("withdrawalFeeFlatMicrocents", "Flat fee")}
          <TextField
            label="Wait after a bank change (hours)"
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
            {...fieldProps(
              register("withdrawalHoldHoursAfterBankChange"),
              errors.withdrawalHoldHoursAfterBankChange,
              "0 to 720; 0: no wait.",
            )}
          />
        </Box>
      </SectionCard>
      <SectionCard
        id="four-eyes-heading"
        title="Second approval"
        description="Above these amounts a withdrawal, or a balance adjustment (credit or debit), needs the approval of a second finance or owner staff member; the money moves at the second."
      >
        <Box sx={grid}>
          {amount("withdrawalSecondApprovalMicrocents", "Withdrawals above")}
          {amount("adjustmentSecondApprovalMicrocents", "Adjustments above")}
        </Box>
      </SectionCard>
      <SectionCard
        id="investments-heading"
        title="Investments and referrals"
        description="Commission per referral level on every purchase; the smallest move from Profit or Bonus to the wallet; the length of one accrual period (86400 = a day; an investment keeps the period it was bought with)."
      >
        <Box sx={grid}>
          {([0, 1, 2] as const).map((level) => (
            <TextField
              key={level}
              label={`Level ${level + 1} commission`}
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                htmlInput: { inputMode: "decimal" },
              }}
              {...fieldProps(
                register(`referralCommissionBps.${level}`),
                errors.referralCommissionBps?.[level],
                "0 to 50, 2 decimals.",
              )}
            />
          ))}
          {amount("fundTransferMinMicrocents", "Fund transfer minimum")}
          <TextField
            label="Accrual period (seconds)"
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
            {...fieldProps(
              register("investmentPeriodSeconds"),
              errors.investmentPeriodSeconds,
              "10 to 2678400 (31 days).",
            )}
          />
        </Box>
        {periodChanged ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="period-change-warning">
            A new accrual period applies to every package at once: every card, invoice and list states the terms by it,
            and every investment bought from then on is credited by it. Running investments keep the period they were
            bought with. The change is recorded in the audit log.
          </Alert>
        ) : null}
      </SectionCard>
      <SectionCard
        id="transfer-heading"
        title="Transfer instructions"
        description="Shown on every new deposit invoice (existing invoices keep theirs)."
      >
        <ExampleInstructionsAlert sx={{ mb: 2 }} />
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
            {...fieldProps(register("transferInstructions.accountNumber"), errors.transferInstructions?.accountNumber)}
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
      <SectionCard
        id="currency-accounts-heading"
        title="Account per currency"
        description="An invoice in a member's currency names that currency's account; a currency left empty uses the account above."
      >
        <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap", mb: 2 }}>
          <SelectField
            label="Currency"
            size="small"
            value={accountCurrency}
            onChange={(event) => setAccountCurrency(event.target.value as RateCurrency)}
            options={plainOptions(RATE_CURRENCIES)}
            sx={{ minWidth: 140 }}
          />
          <Typography variant="body2" sx={{ color: "text.secondary" }} aria-live="polite">
            {withOwnAccount.length > 0
              ? `With an account of their own: ${withOwnAccount.join(", ")}.`
              : "Every currency uses the account above."}
          </Typography>
        </Box>
        <Box
          key={accountCurrency}
          sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" } }}
        >
          <TextField
            label={`Bank name (${accountCurrency})`}
            {...fieldProps(accountField("bankName"), accountErrors?.bankName)}
          />
          <TextField
            label={`Account name (${accountCurrency})`}
            {...fieldProps(accountField("accountName"), accountErrors?.accountName)}
          />
          <TextField
            label={`Account number (${accountCurrency})`}
            {...fieldProps(accountField("accountNumber"), accountErrors?.accountNumber)}
          />
          <TextField
            label={`Notes (${accountCurrency})`}
            multiline
            minRows={2}
            sx={{ gridColumn: "1 / -1" }}
            {...fieldProps(accountField("notes"), accountErrors?.notes)}
          />
        </Box>
      </SectionCard>
    </SettingsEditorForm>
  );
}

/** `/admin/settings`: rates, chat button, deposit and withdrawal limits and fees, investments and referrals, transfer instructions. */
export function SettingsPage() {
  const settings = useQuery(adminSettingsQuery);
  return (
    <Box>
      <PageHeader title="Settings" subtitle="Amounts are in US dollars. Every change is audited and pushed live." />
      <QueryState query={settings} height={480}>
        {(current) => (
          <Stack spacing={3}>
            <SettingsEditor settings={current} />
            <LegalSettingsEditor settings={current} />
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
