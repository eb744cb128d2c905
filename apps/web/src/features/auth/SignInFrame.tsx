import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ThemeMode } from "../../app/brand.ts";
import { LegalLinks } from "../../components/LegalLinks.tsx";
import { LOGO_VIEWBOX, LogoShapes } from "../../components/LogoShapes.tsx";
import { paths } from "../../lib/paths.ts";
import { PlainIcon, PlainLanguageSelect } from "./plain-parts.tsx";
import styles from "./sign-in.module.css";

/** The Centered layout of the other public pages, drawn without MUI for the sign-in page (decision 0013). */
export function SignInFrame({
  mode,
  onToggleMode,
  children,
}: {
  mode: ThemeMode;
  onToggleMode: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  return (
    <div className={styles.page}>
      <div className={styles.corner}>
        <PlainLanguageSelect />
        <button
          type="button"
          className={styles.iconButton}
          onClick={onToggleMode}
          aria-label={mode === "light" ? t`Switch to dark mode` : t`Switch to light mode`}
        >
          <PlainIcon name={mode === "light" ? "dark" : "light"} />
        </button>
      </div>
      <header className={styles.header}>
        <Link to={paths.dashboard} aria-label={t`Helio home`} className={styles.logoLink}>
          <svg className={styles.logo} viewBox={LOGO_VIEWBOX} aria-hidden="true" focusable="false">
            <LogoShapes variant="colour" wordmark="currentColor" />
          </svg>
        </Link>
      </header>
      <main className={styles.card}>{children}</main>
      <footer className={styles.footer}>
        <Trans>© {year} Helio</Trans>
        <LegalLinks />
      </footer>
    </div>
  );
}
