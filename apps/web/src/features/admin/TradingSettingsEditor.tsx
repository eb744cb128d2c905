import { type AdminSettings, DURATION_LABELS, PAIRS, staffMayChangeSetting, TRADE_DURATIONS } from "@helio/shared";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Controller } from "react-hook-form";
import { AmountField } from "../../components/AmountField.tsx";
import { fieldProps } from "../../lib/form.ts";
import { useStaffRoles } from "../../lib/staff.tsx";
import { SettingsEditorForm } from "./SettingsEditorForm.tsx";
import { formFieldOf, formToSettings, settingsToForm, tradingSettingsFormSchema } from "./trading-settings-model.ts";
import { useSettingsEditor } from "./use-settings-editor.ts";

const percentSlots = {
  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
  htmlInput: { inputMode: "numeric" as const },
};
const numericSlots = { htmlInput: { inputMode: "numeric" as const } };

/** A titled group of inputs: a fieldset whose legend (and hint) names every input in it. */
function Group({
  id,
  legend,
  hint,
  describedBy,
  children,
}: {
  id: string;
  legend: string;
  hint?: string;
  /** Another element describing the group (its error or helper text). */
  describedBy?: string;
  children: ReactNode;
}) {
  const described = [hint ? `${id}-hint` : null, describedBy ?? null].filter(Boolean).join(" ");
  return (
    <Box component="fieldset" aria-describedby={described || undefined} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, p: 0 }}>
        {legend}
      </Typography>
      {hint ? (
        <Typography id={`${id}-hint`} variant="body2" sx={{ color: "text.secondary", mb: 1.5 }}>
          {hint}
        </Typography>
      ) : (
        <Box sx={{ mb: 1.5 }} />
      )}
      {children}
    </Box>
  );
}

/** The trading part of the settings record: payouts, stake limits, durations and market data limits. */
/** One field per pair (payouts, exposure caps): two columns on phones, six on wide screens. */
const perPairGrid = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: {
    xs: "repeat(2, minmax(0, 1fr))",
    sm: "repeat(3, minmax(0, 1fr))",
    md: "repeat(4, minmax(0, 1fr))",
    lg: "repeat(6, minmax(0, 1fr))",
  },
} as const;

export function TradingSettingsEditor({ settings }: { settings: AdminSettings }) {
  const roles = useStaffRoles();
  const editor = useSettingsEditor({
    settings,
    schema: tradingSettingsFormSchema,
    toForm: settingsToForm,
    toSettings: formToSettings,
    fieldOf: formFieldOf,
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = editor.form;
  const defaultPercent = watch("tradePayoutPercentDefault").trim();
  const pairPercents = watch("tradePayoutPercent");

  return (
    <SettingsEditorForm
      editor={editor}
      label="Trading settings"
      savedText="Trading settings saved. New contracts use them at once; open contracts keep their terms."
      saveLabel="Save trading settings"
      readOnly={!staffMayChangeSetting(roles, "tradeOpenLimit")}
    >
      <Group
        id="payouts"
        legend="Payouts"
        hint="What a winning contract earns on top of its stake. Leave a pair empty to use the default."
      >
        <TextField
          label="Default payout"
          sx={{ width: { xs: "100%", sm: 220 }, mb: 2 }}
          slotProps={percentSlots}
          {...fieldProps(register("tradePayoutPercentDefault"), errors.tradePayoutPercentDefault, "1 to 100.")}
        />
        <Box sx={perPairGrid}>
          {PAIRS.map((pair) => (
            <TextField
              key={pair.symbol}
              label={`${pair.symbol} payout`}
              placeholder={defaultPercent || "default"}
              slotProps={{ ...percentSlots, inputLabel: { shrink: true } }}
              {...fieldProps(
                register(`tradePayoutPercent.${pair.symbol}`),
                errors.tradePayoutPercent?.[pair.symbol],
                pairPercents[pair.symbol].trim() ? pair.label : `${pair.label}: default`,
              )}
            />
          ))}
        </Box>
      </Group>
      <Group
        id="exposure-caps"
        legend="Exposure caps"
        hint="The most all open Real contracts on a pair may pay if every one wins (in US dollars); a new contract past it is refused. Empty: no cap."
      >
        <Box sx={perPairGrid}>
          {PAIRS.map((pair) => (
            <TextField
              key={pair.symbol}
              label={`${pair.symbol} cap`}
              placeholder="no cap"
              slotProps={{ htmlInput: { inputMode: "decimal" }, inputLabel: { shrink: true } }}
              {...fieldProps(
                register(`tradeExposureCapMicrocents.${pair.symbol}`),
                errors.tradeExposureCapMicrocents?.[pair.symbol],
                pair.label,
              )}
            />
          ))}
        </Box>
      </Group>
      <Group id="stakes" legend="Stakes and limits">
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(3, minmax(0, 1fr))" },
          }}
        >
          <AmountField
            label="Minimum stake"
            registration={register("tradeMinMicrocents")}
            error={errors.tradeMinMicrocents}
            helperText="At least 0.01."
          />
          <AmountField
            label="Maximum stake"
            registration={register("tradeMaxMicrocents")}
            error={errors.tradeMaxMicrocents}
          />
          <TextField
            label="Open contracts per member"
            slotProps={numericSlots}
            {...fieldProps(register("tradeOpenLimit"), errors.tradeOpenLimit, "1 to 1000 at a time.")}
          />
          <TextField
            label="Stake presets (USD)"
            {...fieldProps(
              register("tradeAmountPresetsMicrocents"),
              errors.tradeAmountPresetsMicrocents,
              "One-tap stakes on the order, e.g. 5, 10, 25, 50, 100.",
            )}
          />
          <TextField
            label="Price stale after (seconds)"
            slotProps={numericSlots}
            {...fieldProps(
              register("marketStaleSeconds"),
              errors.marketStaleSeconds,
              "No new contracts on a pair without a price this long.",
            )}
          />
          <TextField
            label="Keep ticks (hours)"
            slotProps={numericSlots}
            {...fieldProps(register("tickRetentionHours"), errors.tickRetentionHours, "1 to 2160 (90 days).")}
          />
        </Box>
      </Group>
      <Controller
        control={control}
        name="tradeDurations"
        render={({ field, fieldState }) => (
          <Group id="durations" legend="Durations members may choose" describedBy="durations-helper">
            <FormGroup row sx={{ columnGap: 1 }}>
              {TRADE_DURATIONS.map((d) => (
                <FormControlLabel
                  key={d}
                  label={DURATION_LABELS[d] ?? `${d} s`}
                  control={
                    <Checkbox
                      checked={field.value.includes(d)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { ref: d === TRADE_DURATIONS[0] ? field.ref : undefined } }}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? TRADE_DURATIONS.filter((x) => x === d || field.value.includes(x))
                            : field.value.filter((x) => x !== d),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText id="durations-helper" error={Boolean(fieldState.error)}>
              {fieldState.error?.message ?? "At least one. Open contracts keep their duration."}
            </FormHelperText>
          </Group>
        )}
      />
    </SettingsEditorForm>
  );
}
