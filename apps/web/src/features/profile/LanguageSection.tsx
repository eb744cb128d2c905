import { useLingui } from "@lingui/react/macro";
import Typography from "@mui/material/Typography";
import { SectionCard } from "../../components/SectionCard.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { isLocale, LOCALE_NAMES, LOCALES } from "../../lib/i18n.ts";
import { useChooseLocale } from "../../lib/locale-choice.ts";

/** The member's language on /profile: the screens switch at once; the account keeps it for mail. */
export function LanguageSection() {
  const { t, i18n } = useLingui();
  const choose = useChooseLocale();
  return (
    <SectionCard id="language" title={t`Language`}>
      {/* A line of its own, not the field's label: a label on the box's border is cut at 360 px in longer languages. */}
      <Typography id="language-choice-label" sx={{ mb: 1.5, color: "text.secondary" }}>
        {t`Language of the screens and e-mails`}
      </Typography>
      <SelectField
        slotProps={{ select: { labelId: "language-choice-label" } }}
        value={isLocale(i18n.locale) ? i18n.locale : "en"}
        options={LOCALES.map((locale) => ({ value: locale, label: <span lang={locale}>{LOCALE_NAMES[locale]}</span> }))}
        onChange={(event) => {
          if (isLocale(event.target.value)) void choose(event.target.value);
        }}
      />
    </SectionCard>
  );
}
