import { OPTIONAL_EMAIL_KINDS } from "@helio/shared";
import { useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../components/QueryState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { errorMessage } from "../../lib/api.ts";
import {
  NOTIFICATION_KIND_LABELS,
  notificationPreferencesQuery,
  SECURITY_EMAIL_NOTE,
  useUpdateNotificationPreferences,
} from "../notifications/index.ts";

const HEADING_ID = "email-notifications";

/**
 * The /profile section "E-mail notifications": one switch per kind a member may turn off by e-mail
 * (`OPTIONAL_EMAIL_KINDS`), each saved as soon as it changes; security mail is always sent.
 */
export function EmailNotificationsSection() {
  const { t, i18n } = useLingui();
  const preferences = useQuery(notificationPreferencesQuery());
  const update = useUpdateNotificationPreferences();
  const updateError = update.isError ? errorMessage(update.error) : "";

  return (
    <SectionCard
      id={HEADING_ID}
      title={t`E-mail notifications`}
      description={t`Choose which of these we also send you by e-mail. Each change is saved at once.`}
    >
      <QueryState query={preferences} rows={{ count: OPTIONAL_EMAIL_KINDS.length, height: 38 }}>
        {(data) => (
          <Box role="group" aria-labelledby={HEADING_ID} sx={{ display: "flex", flexDirection: "column" }}>
            {OPTIONAL_EMAIL_KINDS.map((kind) => (
              <FormControlLabel
                key={kind}
                control={
                  <Switch
                    checked={data.email[kind] ?? true}
                    onChange={(event) => update.mutate({ [kind]: event.target.checked })}
                  />
                }
                label={i18n._(NOTIFICATION_KIND_LABELS[kind])}
              />
            ))}
          </Box>
        )}
      </QueryState>
      {update.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t`Not saved: ${updateError}`}
        </Alert>
      ) : null}
      <Typography variant="body2" sx={{ mt: 2, color: "text.secondary" }}>
        {i18n._(SECURITY_EMAIL_NOTE)}
      </Typography>
    </SectionCard>
  );
}
