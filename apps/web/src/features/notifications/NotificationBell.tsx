import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useId, useState } from "react";
import { lazyInTheme } from "../../app/lazy-in-theme.tsx";
import { Icon, IconButton, Tooltip } from "../../layouts/frame/parts.tsx";
import styles from "./bell.module.css";
import { latestNotificationsQuery, useNotificationsLive } from "./cache.ts";

/** The panel (and the mark-read code) loads when first opened. */
const NotificationPanel = lazyInTheme(() => import("./NotificationPanel.tsx").then((m) => m.NotificationPanel));

/** The badge's text: the count, or "99+" above 99 (as the badge shows it). */
export function unreadBadgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** The bell's accessible name, which holds the number it shows (WCAG 2.5.3, label in name). */
export function bellLabel(count: number): string {
  const shown = unreadBadgeText(count);
  return count > 0 ? t`Notifications, ${shown} unread` : t`Notifications`;
}

/**
 * The top bar's bell: the unread count as a badge, live (`notification`, `notifications.read`);
 * it opens a panel of the latest few. Its read also fills that panel, so opening it costs nothing.
 */
export function NotificationBell() {
  useLingui(); // draws again when the member switches language
  const latest = useQuery(latestNotificationsQuery);
  useNotificationsLive();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const count = latest.data?.unreadCount ?? 0;
  const open = anchor !== null;

  return (
    <>
      <Tooltip title={t`Notifications`}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={bellLabel(count)}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
        >
          <span className={styles.bell}>
            <Icon name="Notifications" />
            {count > 0 ? <span className={styles.count}>{unreadBadgeText(count)}</span> : null}
          </span>
        </IconButton>
      </Tooltip>
      {anchor ? (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
