import { useLingui } from "@lingui/react/macro";
import CloseIcon from "@mui/icons-material/Close";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { QueryError } from "../../components/QueryError.tsx";
import { initials } from "../../lib/format.ts";
import { memberChatQuery } from "./api.ts";
import { ChatThread } from "./ChatThread.tsx";
import { useOtherTyping } from "./live.ts";

const MEMBER_SCOPE = { kind: "member" } as const;

/** The chat panel (docs/product.md §7): header with support's full name, the conversation, the composer. */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const chat = useQuery(memberChatQuery);
  const titleId = useId();
  const typing = useOtherTyping(chat.data?.id, "support");
  const support = chat.data?.support;

  return (
    <Paper
      role="dialog"
      aria-labelledby={titleId}
      elevation={12}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
      sx={{
        position: "fixed",
        zIndex: (theme) => theme.zIndex.drawer + 50,
        display: "flex",
        flexDirection: "column",
        overflow: "hidden",
        inset: { xs: 0, sm: "auto" },
        right: { sm: 24 },
        bottom: { sm: 96 },
        width: { xs: "100%", sm: 380 },
        height: { xs: "100%", sm: "min(600px, calc(100vh - 120px))" },
        borderRadius: { xs: 0, sm: 3 },
        backgroundImage: "none",
      }}
    >
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1.5,
          px: 2,
          py: 1.25,
          bgcolor: "#2E0101",
          color: "#ffffff",
        }}
      >
        <Avatar
          src={support?.photoURL ?? undefined}
          alt=""
          sx={{ width: 36, height: 36, bgcolor: "secondary.main", color: "secondary.contrastText", fontSize: 15 }}
        >
          {support ? initials(support.displayName) : null}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {support?.displayName ?? t`Support`}
          </Typography>
          <Typography variant="caption" sx={{ color: "rgba(255,255,255,0.85)" }}>
            {typing ? t`typing…` : t`Support`}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label={t`Close chat`} sx={{ color: "#ffffff" }}>
          <CloseIcon />
        </IconButton>
      </Box>
      {chat.isError ? (
        <Box sx={{ p: 2 }}>
          <QueryError error={chat.error} onRetry={() => void chat.refetch()} />
        </Box>
      ) : chat.data ? (
        <ChatThread scope={MEMBER_SCOPE} chat={chat.data} side="member" active autoFocus />
      ) : (
        <Box sx={{ flex: 1 }} />
      )}
    </Paper>
  );
}
