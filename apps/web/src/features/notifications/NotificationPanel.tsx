import type { Notification } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ListItemButton from "@mui/material/ListItemButton";
import Popover from "@mui/material/Popover";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import visuallyHidden from "@mui/utils/visuallyHidden";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime, formatRelative } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { latestNotificationsQuery, useMarkNotificationsRead } from "./api.ts";
import { appLink, ServerWords, UnreadDot } from "./parts.tsx";

interface NotificationPanelProps {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
}

/** One of the latest: a link to what it is about (the full list when it links nowhere); following it reads it. */
function LatestItem({ notification, now, onOpen }: { notification: Notification; now: number; onOpen: () => void }) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const unread = notification.readAt === null;
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={appLink(notification) ?? paths.notifications}
        onClick={onOpen}
        sx={{ alignItems: "flex-start", gap: 1.25, py: 1.25, px: 2 }}
      >
        <UnreadDot unread={unread} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            component="span"
            sx={{ display: "block", fontWeight: unread ? 700 : 400, overflowWrap: "anywhere" }}
          >
            {unread ? (
              <Box component="span" sx={visuallyHidden}>
                {t`Unread: `}
              </Box>
            ) : null}
            <ServerWords>{notification.title}</ServerWords>
          </Typography>
          <Typography
            component="span"
            variant="body2"
            sx={{
              display: "-webkit-box",
              WebkitLineClamp: 2,
              WebkitBoxOrient: "vertical",
              overflow: "hidden",
              overflowWrap: "anywhere",
              color: "text.secondary",
            }}
          >
            <ServerWords>{notification.body}</ServerWords>
          </Typography>
          <Typography component="span" variant="caption" sx={{ display: "block", mt: 0.25, color: "text.secondary" }}>
            <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt, { locale })}>
              {formatRelative(notification.createdAt, now, locale)}
            </time>
          </Typography>
        </Box>
      </ListItemButton>
    </li>
  );
}

/**
 * The bell's panel: the latest few notifications (following one marks it read), "Mark all as read"
 * and "See all". A dialog: focus stays in it until it closes (Escape, a click outside, a link),
 * then goes back to the bell.
 */
export function NotificationPanel({ id, anchor, onClose }: NotificationPanelProps) {
  const latest = useQuery(latestNotificationsQuery);
  const markRead = useMarkNotificationsRead();
  const titleId = useId();
  const unread = latest.data?.unreadCount ?? 0;
  const items = latest.data?.items ?? [];
  const now = Date.now();

  const open = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
    onClose();
  };

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
      slotProps={{
        paper: {
          id,
          role: "dialog",
          "aria-labelledby": titleId,
          sx: { width: 380, maxWidth: "calc(100vw - 32px)", maxHeight: "calc(100vh - 96px)", overflowY: "auto" },
        },
      }}
    >
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1,
          px: 2,
          py: 1.25,
          flexWrap: "wrap",
          borderBottom: 1,
          borderColor: "divider",
        }}
      >
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          <Trans>Notifications</Trans>
        </Typography>
        <Button size="small" onClick={() => markRead.mutate({ all: true })} disabled={unread === 0}>
          <Trans>Mark all as read</Trans>
        </Button>
      </Box>
      {latest.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(latest.error)}
        </Alert>
      ) : !latest.data ? (
        <Box sx={{ px: 2, py: 1 }} aria-busy="true">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Box>
      ) : items.length === 0 ? (
        <Typography sx={{ px: 2, py: 3, color: "text.secondary" }}>
          <Trans>No notifications yet.</Trans>
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby={titleId} sx={{ listStyle: "none", m: 0, p: 0 }}>
          {items.map((notification) => (
            <LatestItem key={notification.id} notification={notification} now={now} onOpen={() => open(notification)} />
          ))}
        </Box>
      )}
      {markRead.isError ? (
        <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
          {errorMessage(markRead.error)}
        </Alert>
      ) : null}
      <Box sx={{ p: 1, borderTop: 1, borderColor: "divider" }}>
        <Button component={RouterLink} to={paths.notifications} onClick={onClose} fullWidth>
          <Trans>See all</Trans>
        </Button>
      </Box>
    </Popover>
  );
}
