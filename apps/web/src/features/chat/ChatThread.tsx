import type { Chat, ChatMessage } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { QueryError } from "../../components/QueryError.tsx";
import { type ChatScope, markChatRead, messagesQuery } from "./api.ts";
import { Bubble } from "./Bubble.tsx";
import { ChatComposer } from "./ChatComposer.tsx";
import { ImageThumb, ImageViewer, type ViewedImage } from "./ChatImage.tsx";
import { useOtherTyping } from "./live.ts";
import { flattenPages } from "./model.ts";
import { PendingStatus } from "./PendingStatus.tsx";
import { type Draft, useChatSend } from "./use-chat-send.ts";
import { useNow } from "./use-now.ts";
import { useThreadScroll } from "./use-thread-scroll.ts";

export interface ChatThreadProps {
  scope: ChatScope;
  /** Parties, unread count and read state of the chat. */
  chat: Chat;
  /** This browser's side. */
  side: "member" | "support";
  /** Visible to the reader: new messages are marked read. */
  active: boolean;
  autoFocus?: boolean;
  /** Read without answering (a back-office role without the inbox's answer): no composer, nothing marked read. */
  readOnly?: boolean;
}

/**
 * One conversation (docs/product.md §7, chat panel): messages with sender avatar, relative time,
 * text and optional image (opens large); 'Type something...'; attach; 'Send'. Scrolls to the newest
 * message, loads older ones when scrolled to the top, shows failed sends with a retry.
 */
export function ChatThread({ scope, chat, side, active, autoFocus, readOnly = false }: ChatThreadProps) {
  const queryClient = useQueryClient();
  const messages = useInfiniteQuery(messagesQuery(scope));
  const now = useNow();
  const [viewing, setViewing] = useState<ViewedImage | null>(null);
  const reading = useRef(false);
  const { t } = useLingui();
  const other = side === "member" ? chat.support : chat.member;
  const otherName = other.displayName;
  const imageFrom = (name: string) => t`Image from ${name}`;
  const otherTyping = useOtherTyping(chat.id, side === "member" ? "support" : "member");
  const sending = useChatSend(scope);

  const list = flattenPages(messages.data?.pages);
  const stored = new Set(list.map((m) => m.id));
  const waiting = sending.pending.filter((p) => !stored.has(p.id));
  const partyOf = (m: Pick<ChatMessage, "senderId">) => (m.senderId === chat.member.uid ? chat.member : chat.support);
  const isMine = (m: Pick<ChatMessage, "senderId">) =>
    side === "member" ? m.senderId === chat.member.uid : m.senderId !== chat.member.uid;
  const firstId = list[0]?.id;
  const lastKey = `${list.at(-1)?.id ?? ""}:${waiting.length}:${otherTyping}`;

  // Read what arrives while the conversation is on screen.
  useEffect(() => {
    if (!active || readOnly || chat.unread === 0) return;
    const read = () => {
      if (reading.current || document.visibilityState !== "visible") return;
      reading.current = true;
      markChatRead(queryClient, scope)
        .catch(() => {})
        .finally(() => {
          reading.current = false;
        });
    };
    read();
    document.addEventListener("visibilitychange", read);
    return () => document.removeEventListener("visibilitychange", read);
  }, [active, readOnly, chat.unread, queryClient, scope]);

  const { listRef, onScroll, loadOlder, scrollToBottom, stickToBottom } = useThreadScroll(messages, firstId, lastKey);

  const send = (draft: Draft) => {
    stickToBottom();
    sending.send(draft);
  };

  const lastMine = [...list].reverse().find(isMine);
  const seen = Boolean(lastMine && chat.otherReadAt && chat.otherReadAt >= lastMine.date && list.at(-1) === lastMine);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", flex: 1, minHeight: 0 }}>
      <Box
        ref={listRef}
        onScroll={onScroll}
        role="log"
        aria-label={t`Conversation with ${otherName}`}
        aria-busy={messages.isFetching}
        tabIndex={0}
        sx={{ flex: 1, minHeight: 0, overflowY: "auto", px: { xs: 1.5, sm: 2 }, pt: 1.5, outline: "none" }}
      >
        {messages.hasNextPage ? (
          <Box sx={{ display: "flex", justifyContent: "center", mb: 1 }}>
            <Button size="small" onClick={loadOlder} disabled={messages.isFetchingNextPage}>
              {messages.isFetchingNextPage ? t`Loading…` : t`Load older messages`}
            </Button>
          </Box>
        ) : null}
        {messages.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
            <CircularProgress size={28} aria-label={t`Loading messages`} />
          </Box>
        ) : null}
        {messages.isError ? <QueryError error={messages.error} onRetry={() => void messages.refetch()} /> : null}
        {messages.isSuccess && list.length === 0 && waiting.length === 0 ? (
          <Typography sx={{ color: "text.secondary", textAlign: "center", py: 4 }}>
            {side === "member" ? t`No messages yet. How can we help?` : t`No messages yet.`}
          </Typography>
        ) : null}
        <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
          {list.map((m) => {
            const party = partyOf(m);
            return (
              <Bubble
                key={m.id}
                party={party}
                mine={isMine(m)}
                date={m.date}
                now={now}
                text={m.text}
                image={
                  m.img ? (
                    <ImageThumb
                      src={m.img}
                      alt={imageFrom(party.displayName)}
                      onLoad={scrollToBottom}
                      onOpen={() => setViewing({ src: m.img as string, alt: imageFrom(party.displayName) })}
                    />
                  ) : null
                }
                footer={
                  seen && m === lastMine ? (
                    <Typography variant="caption" sx={{ color: "text.secondary" }}>
                      <Trans>Seen</Trans>
                    </Typography>
                  ) : null
                }
              />
            );
          })}
          {waiting.map((p) => (
            <Bubble
              key={p.id}
              party={side === "member" ? chat.member : chat.support}
              mine
              date={p.date}
              now={now}
              text={p.text}
              faded={p.status === "sending"}
              image={
                p.previewUrl ? (
                  <ImageThumb src={p.previewUrl} alt={t`Image being sent`} onLoad={scrollToBottom} />
                ) : null
              }
              footer={
                <PendingStatus message={p} onRetry={() => void sending.retry(p)} onDiscard={() => sending.discard(p)} />
              }
            />
          ))}
        </Box>
        {otherTyping ? (
          <Typography variant="caption" role="status" sx={{ display: "block", color: "text.secondary", pb: 1 }}>
            <Trans>{otherName} is typing…</Trans>
          </Typography>
        ) : null}
      </Box>

      {readOnly ? null : <ChatComposer chatId={chat.id} autoFocus={autoFocus} onSend={send} />}

      <ImageViewer image={viewing} onClose={() => setViewing(null)} />
    </Box>
  );
}
