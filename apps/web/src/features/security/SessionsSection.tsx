import { Trans, useLingui } from "@lingui/react/macro";
import ComputerIcon from "@mui/icons-material/Computer";
import PhoneIphoneIcon from "@mui/icons-material/PhoneIphone";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime, formatRelative } from "../../lib/format.ts";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";
import { useFormatLocale } from "../../lib/use-locale.ts";
import {
  currentSessionQuery,
  type SessionRow,
  sessionsQuery,
  useRevokeOtherSessions,
  useRevokeSession,
} from "./api.ts";
import { parseUserAgent } from "./user-agent.ts";

/** The current session first, then the most recently active. */
export function orderSessions(sessions: SessionRow[], currentId: string | null): SessionRow[] {
  return [...sessions].sort((a, b) => {
    if (a.id === currentId) return -1;
    if (b.id === currentId) return 1;
    return b.updatedAt.localeCompare(a.updatedAt);
  });
}

/** Active sessions: device, IP, last seen; revoke one or all others. */
export function SessionsSection() {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const sessions = useQuery(sessionsQuery);
  const current = useQuery(currentSessionQuery);
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const readOnly = useReadOnlyReason();
  const [confirmAll, setConfirmAll] = useState(false);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const currentId = current.data?.id ?? null;
  const currentToken = current.data?.token ?? null;
  const isCurrent = (s: SessionRow) => s.id === currentId || (currentToken !== null && s.token === currentToken);
  const rows = orderSessions(sessions.data ?? [], currentId);
  const others = rows.filter((s) => !isCurrent(s));

  const revokeOne = (session: SessionRow) => {
    setMessage(null);
    revoke.mutate(session.token, {
      onSuccess: () => setMessage({ kind: "success", text: t`The session was signed out.` }),
      onError: (error) => setMessage({ kind: "error", text: errorMessage(error) }),
    });
  };

  const revokeAll = () => {
    setMessage(null);
    revokeOthers.mutate(undefined, {
      onSuccess: () => setMessage({ kind: "success", text: t`All your other sessions were signed out.` }),
      onError: (error) => setMessage({ kind: "error", text: errorMessage(error) }),
      onSettled: () => setConfirmAll(false),
    });
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography variant="h2" component="h2">
            <Trans>Active sessions</Trans>
          </Typography>
          <Button
            variant="outlined"
            color="error"
            size="small"
            onClick={() => setConfirmAll(true)}
            disabled={others.length === 0 || revokeOthers.isPending || Boolean(readOnly)}
          >
            <Trans>Sign out all other sessions</Trans>
          </Button>
        </Box>
        <Typography sx={{ mt: 1, mb: 1, color: "text.secondary" }}>
          <Trans>Browsers and devices signed in to your account. Sign out any you do not recognise.</Trans>
        </Typography>
        <ReadOnlyNote reason={readOnly} />
        {message ? (
          <Alert severity={message.kind} sx={{ my: 1 }} onClose={() => setMessage(null)}>
            {message.text}
          </Alert>
        ) : null}
        <QueryState query={sessions} rows={{ count: 2, height: 56 }}>
          {() => (
            <List disablePadding>
              {rows.map((session) => {
                const device = parseUserAgent(session.userAgent);
                const deviceLabel = device.label;
                const ip = session.ipAddress ?? t`Unknown IP`;
                const lastSeen = (
                  <time dateTime={session.updatedAt} title={formatDateTime(session.updatedAt, { locale })}>
                    {formatRelative(session.updatedAt, undefined, locale)}
                  </time>
                );
                const signedIn = formatDateTime(session.createdAt, { locale });
                const here = isCurrent(session);
                return (
                  <ListItem
                    key={session.id}
                    divider
                    sx={{ px: 0, gap: 1, flexWrap: "wrap" }}
                    secondaryAction={undefined}
                  >
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      {device.mobile ? <PhoneIphoneIcon aria-hidden="true" /> : <ComputerIcon aria-hidden="true" />}
                    </ListItemIcon>
                    <ListItemText
                      sx={{ flex: "1 1 200px", minWidth: 0 }}
                      primary={
                        <Box component="span" sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                          {device.label}
                          {here ? <Chip label={t`This device`} size="small" color="primary" /> : null}
                        </Box>
                      }
                      secondary={
                        <>
                          <bdi>{ip}</bdi>{" "}
                          <Trans>
                            · Last seen {lastSeen} · Signed in {signedIn}
                          </Trans>
                        </>
                      }
                    />
                    {here ? null : (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => revokeOne(session)}
                        disabled={revoke.isPending || Boolean(readOnly)}
                        aria-label={
                          session.ipAddress
                            ? t`Revoke session: ${deviceLabel}, ${ip}`
                            : t`Revoke session: ${deviceLabel}, unknown IP`
                        }
                      >
                        <Trans>Revoke</Trans>
                      </Button>
                    )}
                  </ListItem>
                );
              })}
            </List>
          )}
        </QueryState>
        <ConfirmDialog
          open={confirmAll}
          title={t`Sign out all other sessions`}
          message={t`Every other browser and device will be signed out. This one stays signed in.`}
          confirmLabel={t`Sign out others`}
          confirmColor="error"
          busy={revokeOthers.isPending}
          onConfirm={revokeAll}
          onClose={() => setConfirmAll(false)}
        />
      </CardContent>
    </Card>
  );
}
