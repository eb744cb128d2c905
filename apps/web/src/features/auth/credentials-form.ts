import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { wordFieldError } from "../../lib/error-words.ts";

export interface Credentials {
  identifier: string;
  password: string;
}
type Field = keyof Credentials;
const FIELDS: readonly Field[] = ["identifier", "password"];

/** What is wrong with each field, if anything (the identifier is trimmed first). */
export function credentialErrors({ identifier, password }: Credentials): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!identifier.trim()) errors.identifier = "Enter your email or username";
  if (!password) errors.password = "Enter your password";
  return errors;
}

/**
 * The sign-in form's state, held by hand rather than by react-hook-form: this page is the first
 * load of most visits and the library is 13.7 kB gzip of it (docs/performance.md, "First load").
 * It behaves as the app's other forms do: fields are checked on submit, then again on every
 * change; the first wrong field takes the focus; `submitting` holds while `onValid` runs.
 */
export function useCredentialsForm(onValid: (credentials: Credentials) => Promise<void>) {
  const [values, setValues] = useState<Credentials>({ identifier: "", password: "" });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? credentialErrors(values) : {};
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const found = credentialErrors(values);
    const firstWrong = FIELDS.find((field) => found[field]);
    if (firstWrong) {
      inputs.current[firstWrong]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid({ identifier: values.identifier.trim(), password: values.password });
    } finally {
      setSubmitting(false);
    }
  };

  /** The props of a field's TextInput. */
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues({ ...values, [name]: event.target.value }),
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    error: Boolean(errors[name]),
    helperText: wordFieldError(errors[name]),
  });

  return { submit, field, submitting };
}
