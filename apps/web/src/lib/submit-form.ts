import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { type DefaultValues, type FieldValues, type Mode, useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors } from "./form.ts";

/**
 * A form sent to the server: react-hook-form checked by `schema`, then `send`. The server's errors
 * on `fields` land on those inputs; what is left is `formError`, for above the form.
 */
export function useSubmitForm<Input extends FieldValues, Output extends FieldValues, Result>({
  schema,
  defaultValues,
  mode = "onSubmit",
  fields,
  send,
  onSent,
  onFailed,
  rulesKey,
}: {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  mode?: Mode;
  /** The inputs a server field error may name: the request's field names. */
  fields: readonly string[];
  /** Sends the checked values. */
  send: (values: Output) => Promise<Result>;
  /** After the 2xx: go on, reset, say so. What it throws is shown like a refusal. */
  onSent?: (result: Result, values: Output) => unknown;
  /** After an error, once it is shown. */
  onFailed?: (error: unknown) => void;
  /**
   * What the schema's rules are made of when they come from the server (limits, a balance, a
   * rate): when it changes, the fields the member has already left are checked again, so a
   * minimum that loads after the member typed, or a balance that drops, shows on the field.
   */
  rulesKey?: unknown;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ mode, resolver: zodResolver(schema), defaultValues });
  const rules = JSON.stringify(rulesKey ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rules` is the trigger; the form is stable.
  useEffect(() => {
    const left = Object.keys(form.getValues()).filter((name) => form.getFieldState(name as never).isTouched);
    if (left.length) void form.trigger(left as never);
  }, [rules]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await send(values);
      await onSent?.(result, values);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, fields));
      onFailed?.(error);
    }
  });

  return { form, submit, formError };
}
