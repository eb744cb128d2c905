import type { DefaultValues, FieldValues, Mode } from "react-hook-form";
import type { z } from "zod";
import { useIdempotencyKey } from "./idempotency.ts";
import { useSubmitForm } from "./submit-form.ts";

/**
 * A form that moves money: a `useSubmitForm` sent under one Idempotency-Key per intended operation
 * (`useIdempotencyKey`: `succeeded()` after a 2xx, `failed(error)` after an error, so a retry
 * after a lost answer cannot move money twice).
 */
export function useMoneyForm<Input extends FieldValues, Output extends FieldValues, Result>({
  send,
  onFailed,
  ...options
}: {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  mode?: Mode;
  /** The inputs a server field error may name: the request's field names. */
  fields: readonly string[];
  /** Sends the checked values under the operation's key. */
  send: (values: Output, key: string) => Promise<Result>;
  /** After the 2xx (the key is already spent): go on, reset, say so. */
  onSent?: (result: Result, values: Output) => unknown;
  /** After an error, once it is shown. */
  onFailed?: (error: unknown) => void;
}) {
  const idempotency = useIdempotencyKey();
  return useSubmitForm({
    ...options,
    send: async (values: Output) => {
      const result = await send(values, idempotency.key);
      idempotency.succeeded();
      return result;
    },
    onFailed: (error) => {
      idempotency.failed(error);
      onFailed?.(error);
    },
  });
}
