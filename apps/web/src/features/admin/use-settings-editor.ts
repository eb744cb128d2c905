import type { AdminSettings, Settings } from "@helio/shared";
import type { z } from "@helio/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type DefaultValues, type FieldPath, type FieldValues, type Resolver, useForm } from "react-hook-form";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { adminSettingsQuery, useSaveSettings } from "./money-api.ts";

/**
 * A form over part of the settings record. The server replaces the whole record, so the form's
 * values are folded into the record as loaded, and the save names that record's revision: when
 * another admin saved in between, it is refused and their version is loaded (fields typed in keep
 * what was typed, the others show theirs). Field errors land on the input `fieldOf` names (the
 * rest are listed above the form).
 */
export function useSettingsEditor<Form extends FieldValues>(opts: {
  settings: AdminSettings;
  schema: z.ZodMiniType<Form, FieldValues>;
  toForm: (s: Settings) => Form;
  toSettings: (form: Form, base: Settings) => Settings;
  fieldOf: (serverField: string) => FieldPath<Form> | null;
}) {
  const save = useSaveSettings();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<Form>({
    resolver: zodResolver(opts.schema as never) as unknown as Resolver<Form>,
    defaultValues: opts.toForm(opts.settings) as DefaultValues<Form>,
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      const next = await save.mutateAsync({
        ...opts.toSettings(values, opts.settings),
        revision: opts.settings.revision,
      });
      form.reset(opts.toForm(next));
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === "CONFLICT") {
        // Load their version, which the next save starts from: what was typed stays, every
        // other field shows theirs.
        const theirs = await queryClient.fetchQuery(adminSettingsQuery).catch(() => null);
        if (theirs) form.reset(opts.toForm(theirs), { keepDirtyValues: true });
        setFormError(
          "Another admin saved the settings after you opened this page. Their version is loaded now; save again to apply your changes over it.",
        );
      } else if (error instanceof ApiError && error.fields.length > 0) {
        const unplaced: string[] = [];
        for (const f of error.fields) {
          const field = opts.fieldOf(f.field);
          if (field) form.setError(field, { type: "server", message: f.message });
          else unplaced.push(`${f.field}: ${f.message}`);
        }
        setFormError(unplaced.length ? unplaced.join(" ") : "Please correct the marked fields.");
      } else setFormError(errorMessage(error));
    }
  });

  // The notices sit above the form and the buttons below it: bring a new one into view.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formError || saved) noticeRef.current?.scrollIntoView({ block: "nearest" });
  }, [formError, saved]);

  return { form, submit, formError, saved, noticeRef };
}
