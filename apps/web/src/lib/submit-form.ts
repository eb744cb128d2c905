import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
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
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ mode, resolver: zodResolver(schema), defaultValues });

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
