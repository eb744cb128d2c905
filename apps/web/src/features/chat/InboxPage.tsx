import { type AdminChatDetail, formatMoney } from "@helio/shared";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { Columns } from "../../components/Columns.tsx";
import { MemberAvatar } from "../../components/MemberAvatar.tsx";
import { ModeBadge } from "../../components/ModeBadge.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { SearchField } from "../../components/SearchField.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";

import { formatRelative } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { useStaffMay } from "../../lib/staff.tsx";
import { adminChatQuery, inboxQuery } from "./api.ts";
import { ChatThread } from "./ChatThread.tsx";
import { useChatLive } from "./live.ts";
import { previewText } from "./model.ts";
import { useNow } from "./use-now.ts";

const PANE_HEIGHT = { xs: "calc(100vh - 230px)", md: "calc(100vh - 250px)" };

function ChatList({ selected }: { selected: string | undefined }) {
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const inbox = useQuery(inboxQuery(search));
  const now = useNow();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(draft.trim()), 300);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <Paper variant="outlined" sx={{ display: "flex", flexDirection: "column", minHeight: 320, height: PANE_HEIGHT }}>
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: "divider" }}>
        <SearchField
          label="Search by member"
          placeholder="Name, username or email"
          size="small"
          fullWidth
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </Box>
      {inbox.isFetching ? <LinearProgress aria-label="Loading conversations" /> : <Box sx={{ height: 4 }} />}
      {inbox.isError ? (
        <Box sx={{ p: 1.5 }}>
          <QueryError error={inbox.error} onRetry={() => void inbox.refetch()} />
        </Box>
      ) : null}
      <List component="nav" aria-label="Conversations" sx={{ flex: 1, overflowY: "auto", py: 0 }}>
        {inbox.data?.items.map((item) => {
          const active = item.chatId === selected;
          return (
            <ListItemButton
              key={item.chatId}
              component={RouterLink}
              to={paths.adminInboxChat(item.chatId)}
              selected={active}
              aria-current={active ? "page" : undefined}
              sx={{ alignItems: "flex-start", gap: 1.5, py: 1.25, borderBottom: 1, borderColor: "divider" }}
            >
              <MemberAvatar name={item.member.fullName} photoURL={item.member.photoURL} size={40} fontSize={16} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: "flex", alignItems: "baseline", gap: 1 }}>
                  <Typography noWrap sx={{ fontWeight: item.unread ? 700 : 600, flex: 1, minWidth: 0 }}>
                    {item.member.fullName}
                  </Typography>
                  <Typography variant="caption" sx={{ color: "text.secondary", flexShrink: 0 }}>
                    {formatRelative(item.date, now)}
                  </Typography>
                </Box>
                <Typography variant="caption" component="div" sx={{ color: "text.secondary" }} noWrap>
                  @{item.member.userName}
                </Typography>
                <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                  <Typography
                    variant="body2"
                    noWrap
                    sx={{ flex: 1, minWidth: 0, color: item.unread ? "text.primary" : "text.secondary" }}
                  >
                    {previewText(item.lastMessage)}
                  </Typography>
                  {item.unread > 0 ? (
                    <Chip
                      size="small"
                      color="primary"
                      label={item.unread}
                      aria-label={`${item.unread} unread`}
                      sx={{ height: 20, fontWeight: 700 }}
                    />
                  ) : null}
                </Box>
              </Box>
            </ListItemButton>
          );
        })}
        {inbox.data && inbox.data.items.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: "center", color: "text.secondary" }}>
            {search ? "No conversation with such a member." : "No conversations yet."}
          </Typography>
        ) : null}
      </List>
    </Paper>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" sx={{ color: "text.secondary" }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
        {children}
      </Box>
    </Box>
  );
}

/** The member beside the conversation: name, username, mode, KYC, wallet, link to the member. */
function MemberSummary({ detail }: { detail: AdminChatDetail }) {
  const { summary } = detail;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="inbox-member-heading" sx={{ p: 2 }}>
      <Typography id="inbox-member-heading" variant="h3" component="h2" sx={{ mb: 1.5 }}>
        Member
      </Typography>
      <Box component="dl" sx={{ m: 0, display: "grid", gap: 1.25, gridTemplateColumns: { xs: "1fr 1fr", lg: "1fr" } }}>
        <Info label="Name">{summary.fullName}</Info>
        <Info label="Username">@{summary.userName}</Info>
        <Info label="Mode">
          <ModeBadge userTrading={summary.userTrading} />
        </Info>
        <Info label="KYC">
          <StatusChip status={summary.kycStatus} />
        </Info>
        <Info label="Wallet balance">
          <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: "tabular-nums" }}>
            {formatMoney(summary.walletMicrocents)}
          </Typography>
        </Info>
      </Box>
      <Button component={RouterLink} to={paths.adminMember(summary.uid)} variant="outlined" size="small" sx={{ mt: 2 }}>
        Open member
      </Button>
    </Paper>
  );
}

function Conversation({ chatId }: { chatId: string }) {
  const detail = useQuery(adminChatQuery(chatId));
  const mayAnswer = useStaffMay("chatAnswer");
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <LinearProgress aria-label="Loading the conversation" />;
  const chat = detail.data;
  return (
    <Columns template={{ xs: "1fr", lg: "minmax(0, 1fr) 260px" }}>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="inbox-chat-heading"
        sx={{ display: "flex", flexDirection: "column", height: PANE_HEIGHT, minHeight: 380, overflow: "hidden" }}
      >
        <Box
          sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}
        >
          <Typography id="inbox-chat-heading" variant="h3" component="h2" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {chat.member.displayName}
          </Typography>
          <Link component={RouterLink} to={paths.adminMember(chat.member.uid)} variant="body2">
            Member details
          </Link>
        </Box>
        <ChatThread
          key={chat.id}
          scope={{ kind: "admin", chatId: chat.id }}
          chat={chat}
          side="support"
          active
          readOnly={!mayAnswer}
        />
      </Paper>
      <Box>
        <MemberSummary detail={chat} />
      </Box>
    </Columns>
  );
}

/** `/admin/inbox`: every member chat, newest first, with unread counts; open one to answer. */
export function InboxPage() {
  const { chatId } = useParams();
  const inbox = useQuery(inboxQuery(""));
  useChatLive("support");
  const unreadTotal = inbox.data?.unreadTotal ?? 0;

  return (
    <Box>
      <PageHeader
        title="Support inbox"
        subtitle={inbox.data ? (unreadTotal ? `${unreadTotal} unread` : "All read") : undefined}
      />
      <Columns template={{ xs: "1fr", md: "300px minmax(0, 1fr)" }}>
        <Box sx={{ display: { xs: chatId ? "none" : "block", md: "block" }, minWidth: 0 }}>
          <ChatList selected={chatId} />
        </Box>
        <Box sx={{ display: { xs: chatId ? "block" : "none", md: "block" }, minWidth: 0 }}>
          {chatId ? (
            <>
              <Button
                component={RouterLink}
                to={paths.adminInbox}
                startIcon={<ArrowBackIcon />}
                size="small"
                sx={{ display: { md: "none" }, mb: 1 }}
              >
                All conversations
              </Button>
              <Conversation key={chatId} chatId={chatId} />
            </>
          ) : (
            <Paper
              variant="outlined"
              sx={{ height: PANE_HEIGHT, minHeight: 320, display: "grid", placeItems: "center", p: 3 }}
            >
              <Typography sx={{ color: "text.secondary" }}>Choose a conversation to read and answer it.</Typography>
            </Paper>
          )}
        </Box>
      </Columns>
    </Box>
  );
}
