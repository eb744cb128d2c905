import { Trans } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { errorMessage } from "../lib/api.ts";

interface QueryErrorProps {
  error: unknown;
  onRetry?: () => void;
}

/** An error while loading data, with a retry button. */
export function QueryError({ error, onRetry }: QueryErrorProps) {
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            <Trans>Retry</Trans>
          </Button>
        ) : undefined
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}
