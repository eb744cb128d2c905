import { jsonText } from "@helio/shared/values";
import type { z } from "@helio/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { type BaseSyntheticEvent, useEffect, useRef, useState } from "react";
import { type DefaultValues, type FieldValues, type Mode, useForm } from "react-hook-form";
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
  leavesWhenSent = false,
}: {
  schema: z.ZodMiniType<Output, Input>;
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
  /**
   * `onSent` goes on to another page (the new invoice). Until the page has changed, the form takes
   * no second submit: an Enter pressed twice would otherwise send a second request after the first
   * answer, under the next Idempotency-Key, and buy or invoice twice.
   */
  leavesWhenSent?: boolean;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ mode, resolver: zodResolver(schema), defaultValues });
  // jsonText: the limits and balances in it are bigints, which JSON.stringify refuses.
  const rules = jsonText(rulesKey ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rules` is the trigger; the form is stable.
  useEffect(() => {
    const left = Object.keys(form.getValues()).filter((name) => form.getFieldState(name as never).isTouched);
    if (left.length) void form.trigger(left as never);
  }, [rules]);

  // One submit at a time, whatever the button shows: a second Enter while the first is on its way
  // (or after it, on a form that leaves) is dropped.
  const sending = useRef(false);
  const checkedSubmit = form.handleSubmit(async (values) => {
    if (sending.current) return;
    sending.current = true;
    let leaving = false;
    setFormError(null);
    try {
      const result = await send(values);
      leaving = leavesWhenSent;
      await onSent?.(result, values);
    } catch (error) {
      leaving = false;
      setFormError(applyServerErrors(error, form.setError, fields));
      onFailed?.(error);
    } finally {
      sending.current = leaving;
    }
  });
  const submit = (event?: BaseSyntheticEvent) => {
    if (sending.current) {
      event?.preventDefault();
      return Promise.resolve();
    }
    return checkedSubmit(event);
  };

  return { form, submit, formError };
}
