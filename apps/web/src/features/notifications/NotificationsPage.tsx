import type { Notification } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import NotificationsNoneIcon from "@mui/icons-material/NotificationsNone";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useSearchParams } from "react-router";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { TablePager } from "../../components/TableFrame.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime, formatRelative } from "../../lib/format.ts";
import { pagingFromParams } from "../../lib/paging.ts";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { type NotificationsFilter, notificationsQuery, useMarkNotificationsRead } from "./api.ts";
import { appLink, ServerWords, UnreadDot } from "./parts.tsx";

const DEFAULT_PAGE_SIZE = 20;

/**
 * The page's list, kept in its address (`?page=2&pageSize=50&unread=true`) so a reload or the back
 * button shows the same; a bad value gives page 1 and the default size.
 */
function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const filter: NotificationsFilter = {
    ...pagingFromParams(params, { pageSize: DEFAULT_PAGE_SIZE }),
    unread: params.get("unread") === "true",
  };
  const setFilter = (next: NotificationsFilter) =>
    setParams({
      page: String(next.page),
      pageSize: String(next.pageSize),
      ...(next.unread ? { unread: "true" } : {}),
    });
  return { filter, setFilter };
}

interface RowProps {
  notification: Notification;
  now: number;
  /** Marks it read (it was unread). */
  onRead: () => void;
}

/** One notification: its title (a link when it has one; following it reads it), body, time, and "Mark as read". */
function NotificationRow({ notification, now, onRead }: RowProps) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const unread = notification.readAt === null;
  const link = appLink(notification);
  const title = notification.title;
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        gap: 1.5,
        alignItems: "flex-start",
        px: { xs: 1.5, sm: 2 },
        py: 1.5,
        // A bar at the start of an unread row (no tinted background: the link and chip keep their contrast).
        boxShadow: unread ? (theme) => `inset 3px 0 0 ${theme.palette.primary.main}` : undefined,
        "& + &": { borderTop: 1, borderColor: "divider" },
      }}
    >
      <UnreadDot unread={unread} />
      {/* The button sits at the end of the line while there is room, else under the text (phones). */}
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexWrap: "wrap", alignItems: "flex-start", gap: 1 }}>
        <Box sx={{ flex: "1 1 14rem", minWidth: 0 }}>
          <Typography sx={{ fontWeight: unread ? 700 : 400, overflowWrap: "anywhere" }}>
            {link ? (
              <Link component={RouterLink} to={link} onClick={unread ? onRead : undefined}>
                <ServerWords>{notification.title}</ServerWords>
              </Link>
            ) : (
              <ServerWords>{notification.title}</ServerWords>
            )}
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary", overflowWrap: "anywhere", mt: 0.25 }}>
            <ServerWords>{notification.body}</ServerWords>
          </Typography>
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1, rowGap: 0.5, mt: 0.75 }}>
            {unread ? <Chip label={t`Unread`} size="small" color="primary" variant="outlined" /> : null}
            <Typography variant="caption" sx={{ color: "text.secondary" }}>
              <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt, { locale })}>
                {formatRelative(notification.createdAt, now, locale)}
              </time>
            </Typography>
          </Box>
        </Box>
        {unread ? (
          <Button
            size="small"
            variant="outlined"
            onClick={onRead}
            // The visible words first, then which one (label in name, one name per row).
            aria-label={t`Mark as read: ${title}`}
            sx={{ flexShrink: 0, whiteSpace: "nowrap", ml: "auto" }}
          >
            <Trans>Mark as read</Trans>
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

/** What the page says when the list is empty. */
function Empty({ unreadOnly, onShowAll }: { unreadOnly: boolean; onShowAll: () => void }) {
  const { t } = useLingui();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: "center" }}>
      <NotificationsNoneIcon sx={{ fontSize: 48, color: "text.secondary" }} aria-hidden="true" />
      <Typography variant="h2" component="h2" sx={{ mt: 1 }}>
        {unreadOnly ? t`No unread notifications` : t`No notifications yet`}
      </Typography>
      <Typography sx={{ mt: 1, color: "text.secondary" }}>
        {unreadOnly
          ? t`You have read everything.`
          : t`Deposits, withdrawals, KYC, trades, investments and security events will show here.`}
      </Typography>
      {unreadOnly ? (
        <Button onClick={onShowAll} sx={{ mt: 2 }}>
          <Trans>Show all notifications</Trans>
        </Button>
      ) : null}
    </Paper>
  );
}

/** `/notifications`: every notification of the member, newest first, paged, live (the bell's listener keeps it current). */
export function NotificationsPage() {
  const { t } = useLingui();
  const { filter, setFilter } = useFilterParams();
  const list = useQuery(notificationsQuery(filter));
  const markRead = useMarkNotificationsRead();
  const unreadCount = list.data?.unreadCount ?? 0;
  const now = Date.now();

  return (
    <Box>
      <PageHeader
        title={t`Notifications`}
        subtitle={
          unreadCount > 0 ? t`${unreadCount} unread` : list.data && list.data.total > 0 ? t`All read` : undefined
        }
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            onClick={() => markRead.mutate({ all: true })}
            disabled={unreadCount === 0}
          >
            <Trans>Mark all as read</Trans>
          </Button>
        }
      />
      <FormControlLabel
        sx={{ mb: 2 }}
        control={
          <Switch
            checked={filter.unread}
            onChange={(event) => setFilter({ page: 1, pageSize: filter.pageSize, unread: event.target.checked })}
          />
        }
        label={t`Unread only`}
      />
      {markRead.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(markRead.error)}
        </Alert>
      ) : null}
      <QueryState query={list} rows={{ count: 5, height: 88 }}>
        {(data) =>
          data.total === 0 ? (
            <Empty unreadOnly={filter.unread} onShowAll={() => setFilter({ ...filter, page: 1, unread: false })} />
          ) : (
            // While another page or filter loads, the one shown stays, dimmed.
            <Paper
              variant="outlined"
              aria-busy={list.isPlaceholderData}
              sx={{ overflow: "hidden", opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              {data.items.length === 0 ? (
                <Typography sx={{ p: 2, color: "text.secondary" }}>
                  <Trans>No notifications on this page.</Trans>
                </Typography>
              ) : (
                <Box component="ul" aria-label={t`Notifications`} sx={{ listStyle: "none", m: 0, p: 0 }}>
                  {data.items.map((notification) => (
                    <NotificationRow
                      key={notification.id}
                      notification={notification}
                      now={now}
                      onRead={() => markRead.mutate({ ids: [notification.id] })}
                    />
                  ))}
                </Box>
              )}
              <Box sx={{ borderTop: 1, borderColor: "divider" }}>
                <TablePager
                  page={filter.page}
                  pageSize={filter.pageSize}
                  total={data.total}
                  onPage={(page, pageSize) => setFilter({ ...filter, page, pageSize })}
                />
              </Box>
            </Paper>
          )
        }
      </QueryState>
    </Box>
  );
}
