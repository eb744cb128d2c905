import { t } from "@lingui/core/macro";
import Alert, { type AlertColor } from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import type { ReactNode } from "react";

/**
 * Where the app's toasts sit. On a phone the bottom of the screen holds the chat's text box and
 * Send button and most pages' last controls, so a toast there would cover them and take their
 * clicks: it sits under the top bar and the ticker instead (56 + 36 + 32 px, and a gap), and under
 * the open chat panel and menu rather than over them. Wider screens keep MUI's placement.
 */
const TOAST_PLACEMENT_SX = {
  zIndex: 1245,
  "@media (max-width: 599.95px)": { top: 132, bottom: "auto" },
} as const;

/**
 * A notice that shows for six seconds, MUI's Snackbar with an Alert: open while `noticeKey` is set,
 * and shown afresh for each new key. A click elsewhere does not close it.
 */
export function NoticeToast({
  noticeKey,
  severity,
  horizontal,
  testId,
  onClose,
  children,
}: {
  noticeKey: string | number | undefined;
  severity: AlertColor;
  horizontal: "left" | "center";
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const open = noticeKey !== undefined;
  return (
    <Snackbar
      key={noticeKey}
      open={open}
      autoHideDuration={6000}
      onClose={(_, reason) => reason !== "clickaway" && onClose()}
      anchorOrigin={{ vertical: "bottom", horizontal }}
      sx={TOAST_PLACEMENT_SX}
    >
      {open ? (
        <Alert
          severity={severity}
          onClose={onClose}
          closeText={t`Close`}
          sx={{ boxShadow: 6, alignItems: "center" }}
          data-testid={testId}
        >
          {children}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
