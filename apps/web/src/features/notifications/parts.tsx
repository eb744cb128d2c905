import type { Notification } from "@helio/shared";
import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/** The notification's link when it is a path of this app (`/invoice-balance/…`); anything else is not followed. */
export function appLink(notification: Pick<Notification, "link">): string | null {
  const { link } = notification;
  return link?.startsWith("/") && !link.startsWith("//") ? link : null;
}

/**
 * The dot before an unread notification's title (its place stays empty once read). It is one of
 * several marks, never the only one: the title is bold, and the word "Unread" is there too (on
 * screen on the page, for assistive technology in the bell's panel).
 */
export function UnreadDot({ unread }: { unread: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        flexShrink: 0,
        width: 10,
        height: 10,
        mt: "0.4em",
        borderRadius: "50%",
        bgcolor: unread ? "primary.main" : "transparent",
      }}
    />
  );
}

/**
 * A notification's title or body: the server words it in the member's language when it is created
 * (its catalogues, checked complete in every language by the server's tests), so the browser's
 * pseudo-locale walk, which finds text the web's catalogues did not give, leaves it aside.
 */
export function ServerWords({ children }: { children: ReactNode }) {
  return <span data-server-words="">{children}</span>;
}
