import type { z } from "@helio/shared/zod";
import { useQueryClient } from "@tanstack/react-query";
import type { DefaultValues, FieldValues, Mode } from "react-hook-form";
import { ApiError } from "./api.ts";
import { type IdempotencyKey, useIdempotencyKey } from "./idempotency.ts";
import { applyRateQuote } from "./rate-quote.ts";
import { useSubmitForm } from "./submit-form.ts";

/**
 * The server names a local amount "local.amount" in its field errors; on every money form it is
 * the `amount` input.
 */
function onAmountInput(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields.some((f) => f.field === "local.amount")) return error;
  const fields = error.fields.map((f) => (f.field === "local.amount" ? { ...f, field: "amount" } : f));
  return new ApiError(error.status, error.code, error.message, fields, error.quote);
}

/**
 * A form that moves money: a `useSubmitForm` sent under one Idempotency-Key per intended operation
 * (`useIdempotencyKey`: `succeeded()` after a 2xx, `failed(error)` after an error, so a retry
 * after a lost answer cannot move money twice).
 *
 * A 409 RATE_CHANGED (the rate the form showed is stale) puts the server's new quote into effect:
 * its message stays above the form, the typed amount stays, and the amount field's line shows the
 * new USD equivalent. Like every 4xx it is a definite answer, so sending again uses a new key.
 */
export function useMoneyForm<Input extends FieldValues, Output extends FieldValues, Result>({
  send,
  onFailed,
  idempotency: outerKey,
  ...options
}: {
  schema: z.ZodMiniType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  mode?: Mode;
  /** The inputs a server field error may name: the request's field names ("local.amount" is `amount`). */
  fields: readonly string[];
  /** Sends the checked values under the operation's key. */
  send: (values: Output, key: string) => Promise<Result>;
  /** After the 2xx (the key is already spent): go on, reset, say so. */
  onSent?: (result: Result, values: Output) => unknown;
  /** After an error, once it is shown. */
  onFailed?: (error: unknown) => void;
  /** See `useSubmitForm`: what the rules are made of, to check left fields again when it changes. */
  rulesKey?: unknown;
  /** See `useSubmitForm`: `onSent` goes to another page, and the form takes no submit until it has. */
  leavesWhenSent?: boolean;
  /**
   * The key, when it must outlive the form: a dialog's form is mounted afresh at each opening
   * (`useDialogOpening`), and the key of an operation whose answer was lost must not go with it.
   */
  idempotency?: IdempotencyKey;
}) {
  const queryClient = useQueryClient();
  const ownKey = useIdempotencyKey();
  const idempotency = outerKey ?? ownKey;
  return useSubmitForm({
    ...options,
    send: async (values: Output) => {
      try {
        const result = await send(values, idempotency.key);
        idempotency.succeeded();
        return result;
      } catch (error) {
        throw onAmountInput(error);
      }
    },
    onFailed: (error) => {
      idempotency.failed(error);
      if (error instanceof ApiError && error.code === "RATE_CHANGED" && error.quote) {
        applyRateQuote(queryClient, error.quote);
      }
      onFailed?.(error);
    },
  });
}
