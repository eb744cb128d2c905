import { useLingui } from "@lingui/react/macro";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from "react";
import { activateLocale, isLocale, LOCALE_NAMES, LOCALES } from "../../lib/i18n.ts";
import styles from "./sign-in.module.css";

// The sign-in page's parts, drawn without MUI (decision 0013): each mirrors the MUI part the other
// auth screens use (TextInput, PasswordField, Alert) in look, names and ARIA.

const ICONS = {
  dark: "M12 3c-4.97 0-9 4.03-9 9s4.03 9 9 9 9-4.03 9-9c0-.46-.04-.92-.1-1.36-.98 1.37-2.58 2.26-4.4 2.26-2.98 0-5.4-2.42-5.4-5.4 0-1.81.89-3.42 2.26-4.4-.44-.06-.9-.1-1.36-.1",
  light:
    "M12 7c-2.76 0-5 2.24-5 5s2.24 5 5 5 5-2.24 5-5-2.24-5-5-5M2 13h2c.55 0 1-.45 1-1s-.45-1-1-1H2c-.55 0-1 .45-1 1s.45 1 1 1m18 0h2c.55 0 1-.45 1-1s-.45-1-1-1h-2c-.55 0-1 .45-1 1s.45 1 1 1M11 2v2c0 .55.45 1 1 1s1-.45 1-1V2c0-.55-.45-1-1-1s-1 .45-1 1m0 18v2c0 .55.45 1 1 1s1-.45 1-1v-2c0-.55-.45-1-1-1s-1 .45-1 1M5.99 4.58c-.39-.39-1.03-.39-1.41 0-.39.39-.39 1.03 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0s.39-1.03 0-1.41zm12.37 12.37c-.39-.39-1.03-.39-1.41 0-.39.39-.39 1.03 0 1.41l1.06 1.06c.39.39 1.03.39 1.41 0 .39-.39.39-1.03 0-1.41zm1.06-10.96c.39-.39.39-1.03 0-1.41-.39-.39-1.03-.39-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0zM7.05 18.36c.39-.39.39-1.03 0-1.41-.39-.39-1.03-.39-1.41 0l-1.06 1.06c-.39.39-.39 1.03 0 1.41s1.03.39 1.41 0z",
  language:
    "m12.87 15.07-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z",
  show: "M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3",
  hide: "M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z",
  error:
    "M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z",
  success:
    "M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2, 4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0, 0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z",
} as const;

/** One of MUI's icons (their paths), decorative. */
export function PlainIcon({ name, small = false }: { name: keyof typeof ICONS; small?: boolean }) {
  return (
    <svg className={small ? styles.iconSmall : styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

type FieldProps = {
  label: string;
  value: string;
  error?: boolean;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: InputHTMLAttributes<HTMLInputElement>["onChange"];
  onBlur?: InputHTMLAttributes<HTMLInputElement>["onBlur"];
  name?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "autoComplete" | "autoFocus" | "autoCapitalize" | "spellCheck">;

/** An outlined text input with its label and helper text, as TextInput draws it. */
export function PlainTextField({
  label,
  error = false,
  helperText,
  inputRef,
  type = "text",
  end,
  ...input
}: FieldProps & { type?: "text" | "password"; end?: ReactNode }) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <div className={error ? `${styles.field} ${styles.invalid}` : styles.field}>
      <input
        {...input}
        id={id}
        ref={inputRef}
        type={type}
        // A blank placeholder lets the stylesheet know when the field is empty (:placeholder-shown).
        placeholder=" "
        className={end ? `${styles.input} ${styles.withEnd}` : styles.input}
        aria-invalid={error}
        aria-describedby={helperId}
      />
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {end ? <div className={styles.end}>{end}</div> : null}
      {helperText ? (
        <p id={helperId} className={styles.helper}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide button, as PasswordField draws it. */
export function PlainPasswordField(props: FieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <PlainTextField
      {...props}
      type={visible ? "text" : "password"}
      spellCheck={false}
      autoCapitalize="none"
      end={
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => setVisible((v) => !v)}
          onMouseDown={(event) => event.preventDefault()}
          aria-label={visible ? t`Hide password` : t`Show password`}
        >
          <PlainIcon name={visible ? "hide" : "show"} small />
        </button>
      }
    />
  );
}

/** An error or success message, as MUI's standard Alert: an error is announced at once. */
export function PlainAlert({ severity, children }: { severity: "error" | "success"; children: ReactNode }) {
  return (
    <div
      role={severity === "error" ? "alert" : "status"}
      className={`${styles.alert} ${severity === "error" ? styles.error : styles.success}`}
    >
      <PlainIcon name={severity} />
      <div className={styles.alertText}>{children}</div>
    </div>
  );
}

/**
 * The language of the signed-out pages, a native select (light, and the phone's own picker): each
 * language is named in itself; the choice is kept on this device.
 */
export function PlainLanguageSelect() {
  const { i18n, t } = useLingui();
  return (
    <span className={styles.language}>
      <svg className={styles.languageIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ICONS.language} />
      </svg>
      <select
        className={styles.languageSelect}
        aria-label={t`Language`}
        value={isLocale(i18n.locale) ? i18n.locale : "en"}
        onChange={(event) => {
          if (isLocale(event.target.value)) void activateLocale(event.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}
