import type { TradingMode } from "@helio/shared";
import { useLingui } from "@lingui/react/macro";
import { SelectField } from "../../components/SelectField.tsx";

// Apart from modes.tsx: the dashboard's open trades read the member's mode without bringing the
// select field (MUI's TextField, Select and Menu) into the dashboard's first load.
/**
 * Which mode's contracts a list shows: Real or Free, one at a time, so that no total ever adds
 * practice money to real money.
 */
export function ModeFilter({ value, onChange }: { value: TradingMode; onChange: (mode: TradingMode) => void }) {
  const { t } = useLingui();
  return (
    <SelectField
      size="small"
      label={t`Mode`}
      value={value}
      onChange={(e) => onChange(e.target.value === "real" ? "real" : "practice")}
      sx={{ minWidth: 120 }}
      options={[
        { value: "real", label: t`Real` },
        { value: "practice", label: t`Free` },
      ]}
    />
  );
}
