import { type AdminSettings, LEGAL_DOCUMENTS, type LegalDocument, type Settings } from "@helio/shared";
import { z } from "@helio/shared/zod";
import TextField from "@mui/material/TextField";
import type { FieldPath } from "react-hook-form";
import { SectionCard } from "../../components/SectionCard.tsx";
import { fieldProps } from "../../lib/form.ts";
import { useStaffMay } from "../../lib/staff.tsx";
import { SettingsEditorForm } from "./SettingsEditorForm.tsx";
import { useSettingsEditor } from "./use-settings-editor.ts";

const text = z.string().check(z.trim(), z.maxLength(40_000, "At most 40,000 characters"));
const legalFormSchema = z.object({ terms: text, privacy: text, risk: text, fees: text });
type LegalForm = z.input<typeof legalFormSchema>;

const LABELS: Record<LegalDocument, { label: string; help: string }> = {
  terms: {
    label: "Terms and conditions",
    help: "Members accept these at registration. Changing the text makes a new version; each member's accepted version is kept.",
  },
  privacy: { label: "Privacy notice", help: "Shown on /privacy." },
  risk: { label: "Risk disclosure", help: "Shown on /risk-disclosure; the trade screen and registration link to it." },
  fees: { label: "Fee schedule notes", help: "Shown above the fee table, which is made from the settings above." },
};

const toForm = (s: Settings): LegalForm => ({ ...s.legalTexts });
const toSettings = (form: LegalForm, base: Settings): Settings => ({
  ...base,
  legalTexts: {
    terms: form.terms.trim(),
    privacy: form.privacy.trim(),
    risk: form.risk.trim(),
    fees: form.fees.trim(),
  },
});

/**
 * The public documents' texts (paragraphs separated by a blank line; emptied, a text is Helio's
 * default again); the terms' version is the server's.
 */
export function LegalSettingsEditor({ settings }: { settings: AdminSettings }) {
  const mayWrite = useStaffMay("settingsWrite");
  const editor = useSettingsEditor({
    settings,
    schema: legalFormSchema,
    toForm,
    toSettings,
    fieldOf: (field) => {
      const name = field.replace(/^legalTexts\./, "");
      return (LEGAL_DOCUMENTS as readonly string[]).includes(name) ? (name as FieldPath<LegalForm>) : null;
    },
  });
  const {
    register,
    formState: { errors },
  } = editor.form;
  return (
    <SettingsEditorForm
      editor={editor}
      label="Legal texts"
      savedText="Saved. The public pages show the new texts at once."
      saveLabel="Save legal texts"
      readOnly={!mayWrite}
    >
      <SectionCard
        id="legal-heading"
        title="Legal texts"
        description={`The terms, privacy notice, risk disclosure and fee notes members read before they trade, signed in or not. Empty a text to go back to Helio's default. Terms version in force: ${settings.termsVersion}.`}
      >
        {LEGAL_DOCUMENTS.map((doc) => (
          <TextField
            key={doc}
            label={LABELS[doc].label}
            multiline
            minRows={4}
            maxRows={16}
            fullWidth
            sx={{ mt: 2 }}
            {...fieldProps(register(doc), errors[doc], LABELS[doc].help)}
          />
        ))}
      </SectionCard>
    </SettingsEditorForm>
  );
}
