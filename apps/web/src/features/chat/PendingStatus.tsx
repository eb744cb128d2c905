import { Trans, useLingui } from "@lingui/react/macro";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import type { PendingMessage } from "./model.ts";

/** Under a message on its way: upload progress and "Sending…", or "Not sent" with Retry and Discard. */
export function PendingStatus({
  message,
  onRetry,
  onDiscard,
}: {
  message: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useLingui();
  const progress = message.progress;
  const error = message.error;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-end", gap: 0.5, mt: 0.5 }}>
      {message.progress !== null ? (
        <LinearProgress
          variant="determinate"
          value={message.progress}
          aria-label={t`Image upload progress`}
          sx={{ width: 160 }}
        />
      ) : null}
      {message.status === "sending" ? (
        <Typography variant="caption" sx={{ color: "text.secondary" }} role="status">
          {progress !== null ? t`Uploading… ${progress}%` : t`Sending…`}
        </Typography>
      ) : (
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 0.5,
            flexWrap: "wrap",
            justifyContent: "flex-end",
          }}
        >
          <Typography
            variant="caption"
            color="error"
            role="alert"
            sx={{ display: "flex", alignItems: "center", gap: 0.5 }}
          >
            <ErrorOutlineIcon fontSize="inherit" aria-hidden="true" />
            {error ? t`Not sent: ${error}` : t`Not sent`}
          </Typography>
          <Button size="small" onClick={onRetry}>
            <Trans>Retry</Trans>
          </Button>
          <Button size="small" color="inherit" onClick={onDiscard}>
            <Trans>Discard</Trans>
          </Button>
        </Box>
      )}
    </Box>
  );
}
