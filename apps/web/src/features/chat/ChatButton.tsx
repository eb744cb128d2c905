import { useLingui } from "@lingui/react/macro";
import ChatIcon from "@mui/icons-material/Chat";
import CloseIcon from "@mui/icons-material/Close";
import Badge from "@mui/material/Badge";
import Fab from "@mui/material/Fab";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useMember } from "../../lib/member.tsx";
import { publicSettingsQuery } from "../../lib/settings.ts";
import { chatUnreadQuery } from "./api.ts";
import { useChatLive } from "./live.ts";

/** The panel (and the conversation code) loads when first opened. */
const ChatPanel = lazy(() => import("./ChatPanel.tsx").then((m) => ({ default: m.ChatPanel })));

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

  const label = open ? t`Close support chat` : count > 0 ? t`Open support chat, ${count} unread` : t`Open support chat`;
  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
      <Fab
        ref={fabRef}
        color="primary"
        onClick={() => setOpen((v) => !v)}
        aria-label={label}
        aria-expanded={open}
        sx={{
          position: "fixed",
          right: { xs: 16, sm: 24 },
          bottom: { xs: 16, sm: 24 },
          zIndex: (theme) => theme.zIndex.drawer + 40,
          display: { xs: open ? "none" : "inline-flex", sm: "inline-flex" },
        }}
      >
        <Badge badgeContent={count} color="secondary" max={99} overlap="circular">
          {open ? <CloseIcon /> : <ChatIcon />}
        </Badge>
      </Fab>
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
