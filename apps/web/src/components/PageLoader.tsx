import { t } from "@lingui/core/macro";
import { useEffect, useState } from "react";
import styles from "../layouts/frame/frame.module.css";

interface SpinnerProps {
  label?: string;
  size?: number;
}

/** MUI's indeterminate CircularProgress, drawn in plain CSS: the frame shows it on every first load. */
export function Spinner({ label = t`Loading`, size = 40 }: SpinnerProps) {
  return (
    <span className={styles.spinner} role="progressbar" aria-label={label} style={{ width: size, height: size }}>
      <svg viewBox="22 22 44 44" width={size} height={size} aria-hidden="true" focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}

interface PageLoaderProps {
  label?: string;
  /** Wait this long before showing anything, so fast loads do not flash. */
  delayMs?: number;
  /** Fill the whole viewport (app start) instead of the content area. */
  fullScreen?: boolean;
}

/** The spinner shown while a screen (or the app) loads. */
export function PageLoader({ label = t`Loading`, delayMs = 0, fullScreen = false }: PageLoaderProps) {
  const [visible, setVisible] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return (
    <div
      role="status"
      aria-live="polite"
      className={fullScreen ? `${styles.loader} ${styles.loaderFull}` : styles.loader}
    >
      {visible ? <Spinner label={label} /> : null}
    </div>
  );
}
