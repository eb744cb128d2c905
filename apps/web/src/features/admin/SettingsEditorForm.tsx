import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { ReactNode } from "react";
import { type FieldValues, useFormState } from "react-hook-form";
import { FormButtons } from "../../components/FormLayout.tsx";
import type { useSettingsEditor } from "./use-settings-editor.ts";

/**
 * A settings editor's form: its notices (error, saved) above the fields, Save and Discard below.
 * `readOnly` (roles that may read, not change, these settings) shows the fields disabled, no buttons.
 */
export function SettingsEditorForm<Form extends FieldValues>({
  editor,
  label,
  savedText,
  saveLabel,
  readOnly = false,
  children,
}: {
  editor: ReturnType<typeof useSettingsEditor<Form>>;
  /** The form's accessible name, when the page holds more than one. */
  label?: string;
  savedText: string;
  saveLabel: string;
  readOnly?: boolean;
  children: ReactNode;
}) {
  const { form, submit, formError, saved, noticeRef } = editor;
  const { isDirty, isSubmitting } = useFormState({ control: form.control });
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label}>
      <Stack spacing={3}>
        {formError ? (
          <Alert severity="error" ref={noticeRef}>
            {formError}
          </Alert>
        ) : null}
        {saved && !isDirty ? (
          <Alert severity="success" role="status" ref={noticeRef}>
            {savedText}
          </Alert>
        ) : null}
        {readOnly ? (
          <>
            <Alert severity="info">Your roles can read these settings; changing them needs another role.</Alert>
            <Box component="fieldset" disabled sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              {children}
            </Box>
          </>
        ) : (
          <>
            {children}
            <FormButtons label={saveLabel} busyLabel="Saving…" busy={isSubmitting} disabled={!isDirty}>
              <Button color="inherit" onClick={() => form.reset()} disabled={isSubmitting || !isDirty}>
                Discard changes
              </Button>
            </FormButtons>
          </>
        )}
      </Stack>
    </Box>
  );
}
