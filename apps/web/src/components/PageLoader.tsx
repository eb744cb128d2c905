import { t } from "@lingui/core/macro";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useEffect, useState } from "react";

interface SpinnerProps {
  label?: string;
  size?: number;
}

export function Spinner({ label = t`Loading`, size = 40 }: SpinnerProps) {
  return <CircularProgress size={size} aria-label={label} />;
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
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        minHeight: fullScreen ? "100vh" : 240,
        width: "100%",
      }}
    >
      {visible ? <Spinner label={label} /> : null}
    </Box>
  );
}
