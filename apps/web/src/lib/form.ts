import type { FieldError, FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage } from "./api.ts";
import { wordFieldError } from "./error-words.ts";

/** Props for an MUI TextField from a react-hook-form registration and its error. */
export function fieldProps(registration: UseFormRegisterReturn, error?: FieldError, helperText?: string) {
  const { ref, ...rest } = registration;
  return {
    ...rest,
    inputRef: ref,
    error: Boolean(error),
    helperText: wordFieldError(error?.message) ?? helperText,
  };
}

/**
 * Puts the server's field errors (400 `{error:{fields:[{field,message}]}}`) on the form.
 * Returns the message to show above the form, or null when every error found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
): string | null {
  if (error instanceof ApiError && error.fields.length > 0) {
    const unplaced: string[] = [];
    let placed = 0;
    for (const { field, message } of error.fields) {
      if (knownFields.includes(field)) {
        setError(field as Path<T>, { type: "server", message: wordFieldError(message) }, { shouldFocus: placed === 0 });
        placed += 1;
      } else {
        unplaced.push(wordFieldError(message) ?? message);
      }
    }
    if (unplaced.length > 0) return unplaced.join(" ");
    return placed > 0 ? null : errorMessage(error);
  }
  return errorMessage(error);
}
