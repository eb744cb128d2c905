import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useRef, useState } from "react";
import { lazyInTheme } from "../../app/lazy-in-theme.tsx";
import { Icon } from "../../layouts/frame/parts.tsx";
import { useMember } from "../../lib/member.tsx";
import { publicSettingsQuery } from "../../lib/settings.ts";
import { chatUnreadQuery } from "./api.ts";
import styles from "./chat-button.module.css";
import { useChatLive } from "./live.ts";

/** The panel (and the conversation code) loads when first opened. */
const ChatPanel = lazyInTheme(() => import("./ChatPanel.tsx").then((m) => m.ChatPanel));

function MemberChat() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const unread = useQuery(chatUnreadQuery);
  const fabRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const count = unread.data?.unread ?? 0;

  // Focus goes back to the button when the panel closes.
  useEffect(() => {
    if (wasOpen.current && !open) fabRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // The count it shows is in its name (WCAG 2.5.3, label in name): above 99 both say 99+.
  const shownCount = count > 99 ? "99+" : String(count);
  const label = open
    ? t`Close support chat`
    : count > 0
      ? t`Open support chat, ${shownCount} unread`
      : t`Open support chat`;
  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
      <button
        ref={fabRef}
        type="button"
        className={open ? `${styles.fab} ${styles.fabOpen}` : styles.fab}
        onClick={() => setOpen((v) => !v)}
        aria-label={label}
        aria-expanded={open}
        data-testid="chat-button"
      >
        <span className={styles.iconBox}>
          <Icon name={open ? "Close" : "Chat"} />
          {count > 0 && !open ? <span className={styles.count}>{shownCount}</span> : null}
        </span>
      </button>
    </>
  );
}

/**
 * The floating live-chat button of the shell: only for members, only while the settings'
 * `menuContact` is on (it appears and disappears live when an admin changes it).
 */
export function ChatButton() {
  const member = useMember();
  useChatLive("member", member.role === "member");
  if (!useChatButtonShown()) return null;
  return <MemberChat />;
}

/** Whether the floating chat button is on screen (the shell leaves room for it under the page). */
export function useChatButtonShown(): boolean {
  const member = useMember();
  const settings = useQuery({ ...publicSettingsQuery, enabled: member.role === "member" });
  return member.role === "member" && Boolean(settings.data?.menuContact);
}
