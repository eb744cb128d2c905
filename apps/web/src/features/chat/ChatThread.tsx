import { CHAT_TEXT_MAX, type Chat, type ChatMessage, type ChatParty } from "@helio/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import SendIcon from "@mui/icons-material/Send";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { QueryError } from "../../components/QueryError.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime, formatRelative, initials } from "../../lib/format.ts";
import {
  addMessageToCache,
  type ChatScope,
  markChatRead,
  messagesQuery,
  sendChatMessage,
  uploadChatImage,
} from "./api.ts";
import { useOtherTyping, useTypingSignal } from "./live.ts";
import { checkChatFile, composerProblem, flattenPages, newMessageId, type PendingMessage } from "./model.ts";

const srOnly = {
  border: 0,
  clip: "rect(0 0 0 0)",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  padding: 0,
  position: "absolute",
  whiteSpace: "nowrap",
  width: "1px",
} as const;

/** Re-renders every `intervalMs` so relative times ("2 minutes ago") keep up. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function PartyAvatar({ party, size = 32 }: { party: ChatParty; size?: number }) {
  return (
    <Avatar
      src={party.photoURL ?? undefined}
      alt=""
      aria-hidden="true"
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        bgcolor: "secondary.main",
        color: "secondary.contrastText",
      }}
    >
      {initials(party.displayName)}
    </Avatar>
  );
}

interface BubbleProps {
  party: ChatParty;
  mine: boolean;
  date: string;
  now: number;
  text: string;
  image: ReactNode;
  footer?: ReactNode;
  faded?: boolean;
}

function Bubble({ party, mine, date, now, text, image, footer, faded }: BubbleProps) {
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        flexDirection: mine ? "row-reverse" : "row",
        alignItems: "flex-end",
        gap: 1,
        mb: 1.5,
        opacity: faded ? 0.75 : 1,
      }}
    >
      <PartyAvatar party={party} />
      <Box
        sx={{
          maxWidth: "78%",
          minWidth: 0,
          display: "flex",
          flexDirection: "column",
          alignItems: mine ? "flex-end" : "flex-start",
        }}
      >
        <Typography component="span" sx={srOnly}>
          {party.displayName}:
        </Typography>
        <Box
          sx={(theme) => ({
            px: 1.5,
            py: 1,
            borderRadius: 2,
            borderBottomRightRadius: mine ? 4 : undefined,
            borderBottomLeftRadius: mine ? undefined : 4,
            bgcolor: mine ? "primary.main" : theme.palette.mode === "dark" ? "grey.800" : "grey.100",
            color: mine ? "primary.contrastText" : "text.primary",
            minWidth: 0,
          })}
        >
          {image}
          {text ? (
            <Typography component="p" variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", m: 0 }}>
              {text}
            </Typography>
          ) : null}
        </Box>
        <Typography
          component="span"
          variant="caption"
          sx={{ color: "text.secondary", mt: 0.25 }}
          title={formatDateTime(date)}
        >
          <time dateTime={date}>{formatRelative(date, now)}</time>
        </Typography>
        {footer}
      </Box>
    </Box>
  );
}

function ImageThumb({
  src,
  alt,
  onOpen,
  onLoad,
}: {
  src: string;
  alt: string;
  onOpen?: () => void;
  onLoad?: () => void;
}) {
  const img = (
    <Box
      component="img"
      src={src}
      alt={alt}
      onLoad={onLoad}
      sx={{ display: "block", maxWidth: "100%", width: 220, maxHeight: 220, objectFit: "cover", borderRadius: 1.5 }}
    />
  );
  if (!onOpen) return <Box sx={{ mb: 0.5 }}>{img}</Box>;
  return (
    <Box
      component="button"
      type="button"
      onClick={onOpen}
      aria-label={`${alt}: open large`}
      sx={{ display: "block", p: 0, mb: 0.5, border: 0, bgcolor: "transparent", cursor: "zoom-in", maxWidth: "100%" }}
    >
      {img}
    </Box>
  );
}

export interface ChatThreadProps {
  scope: ChatScope;
  /** Parties, unread count and read state of the chat. */
  chat: Chat;
  /** This browser's side. */
  side: "member" | "support";
  /** Visible to the reader: new messages are marked read. */
  active: boolean;
  autoFocus?: boolean;
}

/**
 * One conversation (docs/product.md §7, chat panel): messages with sender avatar, relative time,
 * text and optional image (opens large); 'Type something...'; attach; 'Send'. Scrolls to the newest
 * message, loads older ones when scrolled to the top, shows failed sends with a retry.
 */
export function ChatThread({ scope, chat, side, active, autoFocus }: ChatThreadProps) {
  const queryClient = useQueryClient();
  const messages = useInfiniteQuery(messagesQuery(scope));
  const now = useNow();
  const [text, setText] = useState("");
  const [file, setFile] = useState<{ file: File; url: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [viewing, setViewing] = useState<{ src: string; alt: string } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const stick = useRef(true);
  const keepFromBottom = useRef<number | null>(null);
  const reading = useRef(false);
  const counterId = useId();
  const viewerTitleId = useId();
  const other = side === "member" ? chat.support : chat.member;
  const otherTyping = useOtherTyping(chat.id, side === "member" ? "support" : "member");
  const typingSignal = useTypingSignal(chat.id);

  const list = flattenPages(messages.data?.pages);
  const stored = new Set(list.map((m) => m.id));
  const waiting = pending.filter((p) => !stored.has(p.id));
  const partyOf = (m: Pick<ChatMessage, "senderId">) => (m.senderId === chat.member.uid ? chat.member : chat.support);
  const isMine = (m: Pick<ChatMessage, "senderId">) =>
    side === "member" ? m.senderId === chat.member.uid : m.senderId !== chat.member.uid;
  const firstId = list[0]?.id;
  const lastKey = `${list.at(-1)?.id ?? ""}:${waiting.length}:${otherTyping}`;

  // Read what arrives while the conversation is on screen.
  useEffect(() => {
    if (!active || chat.unread === 0) return;
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
  }, [active, chat.unread, queryClient, scope]);

  // Older messages prepended: keep the same message in view.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && keepFromBottom.current !== null && firstId) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
  }, [firstId]);

  // Newest message (or a pending one, or the typing line): follow it when at the bottom.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && stick.current && lastKey) el.scrollTop = el.scrollHeight;
  }, [lastKey]);

  const scrollToBottom = useCallback(() => {
    const el = listRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, []);

  const loadOlder = () => {
    const el = listRef.current;
    if (!messages.hasNextPage || messages.isFetchingNextPage) return;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void messages.fetchNextPage();
  };

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 60) loadOlder();
  };

  const update = (id: string, patch: Partial<PendingMessage>) =>
    setPending((all) => all.map((p) => (p.id === id ? { ...p, ...patch } : p)));

  const deliver = async (message: PendingMessage) => {
    update(message.id, { status: "sending", error: null });
    try {
      let image = message.image;
      if (message.file && !image) {
        update(message.id, { progress: 0 });
        const uploaded = await uploadChatImage(scope, message.file, (progress) => update(message.id, { progress }));
        image = uploaded.image;
        update(message.id, { image, progress: null });
      }
      const sent = await sendChatMessage(scope, { id: message.id, text: message.text, image: image ?? undefined });
      addMessageToCache(queryClient, scope, sent);
      setPending((all) => all.filter((p) => p.id !== message.id));
      if (message.previewUrl) URL.revokeObjectURL(message.previewUrl);
    } catch (error) {
      update(message.id, { status: "failed", progress: null, error: errorMessage(error) });
    }
  };

  const problem = composerProblem(text, Boolean(file));
  const submit = () => {
    if (problem) return;
    const message: PendingMessage = {
      id: newMessageId(),
      text: text.trim(),
      file: file?.file ?? null,
      previewUrl: file?.url ?? null,
      image: null,
      status: "sending",
      progress: null,
      error: null,
      date: new Date().toISOString(),
    };
    stick.current = true;
    setPending((all) => [...all, message]);
    setText("");
    setFile(null);
    setFileError(null);
    if (fileRef.current) fileRef.current.value = "";
    typingSignal.stopped();
    void deliver(message);
    inputRef.current?.focus();
  };

  const discard = (message: PendingMessage) => {
    setPending((all) => all.filter((p) => p.id !== message.id));
    if (message.previewUrl) URL.revokeObjectURL(message.previewUrl);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onFile = (chosen: File | undefined) => {
    if (!chosen) return;
    const bad = checkChatFile(chosen);
    if (bad) {
      setFileError(bad);
      if (fileRef.current) fileRef.current.value = "";
      return;
    }
    setFileError(null);
    if (file) URL.revokeObjectURL(file.url);
    setFile({ file: chosen, url: URL.createObjectURL(chosen) });
    inputRef.current?.focus();
  };

  const removeFile = () => {
    if (file) URL.revokeObjectURL(file.url);
    setFile(null);
    if (fileRef.current) fileRef.current.value = "";
  };

  const lastMine = [...list].reverse().find(isMine);
  const seen = Boolean(lastMine && chat.otherReadAt && chat.otherReadAt >= lastMine.date && list.at(-1) === lastMine);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", flex: 1, minHeight: 0 }}>
      <Box
        ref={listRef}
        onScroll={onScroll}
        role="log"
        aria-label={`Conversation with ${other.displayName}`}
        aria-busy={messages.isFetching}
        tabIndex={0}
        sx={{ flex: 1, minHeight: 0, overflowY: "auto", px: { xs: 1.5, sm: 2 }, pt: 1.5, outline: "none" }}
      >
        {messages.hasNextPage ? (
          <Box sx={{ display: "flex", justifyContent: "center", mb: 1 }}>
            <Button size="small" onClick={loadOlder} disabled={messages.isFetchingNextPage}>
              {messages.isFetchingNextPage ? "Loading…" : "Load older messages"}
            </Button>
          </Box>
        ) : null}
        {messages.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
            <CircularProgress size={28} aria-label="Loading messages" />
          </Box>
        ) : null}
        {messages.isError ? <QueryError error={messages.error} onRetry={() => void messages.refetch()} /> : null}
        {messages.isSuccess && list.length === 0 && waiting.length === 0 ? (
          <Typography sx={{ color: "text.secondary", textAlign: "center", py: 4 }}>
            {side === "member" ? "No messages yet. How can we help?" : "No messages yet."}
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
                      alt={`Image from ${party.displayName}`}
                      onLoad={scrollToBottom}
                      onOpen={() => setViewing({ src: m.img as string, alt: `Image from ${party.displayName}` })}
                    />
                  ) : null
                }
                footer={
                  seen && m === lastMine ? (
                    <Typography variant="caption" sx={{ color: "text.secondary" }}>
                      Seen
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
                p.previewUrl ? <ImageThumb src={p.previewUrl} alt="Image being sent" onLoad={scrollToBottom} /> : null
              }
              footer={
                <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-end", gap: 0.5, mt: 0.5 }}>
                  {p.progress !== null ? (
                    <LinearProgress
                      variant="determinate"
                      value={p.progress}
                      aria-label="Image upload progress"
                      sx={{ width: 160 }}
                    />
                  ) : null}
                  {p.status === "sending" ? (
                    <Typography variant="caption" sx={{ color: "text.secondary" }} role="status">
                      {p.progress !== null ? `Uploading… ${p.progress}%` : "Sending…"}
                    </Typography>
                  ) : (
                    <Box
                      sx={{
                        display: "flex",
                        alignItems: "center",
                        gap: 0.5,
                        flexWrap: "wrap",
                        justifyContent: "flex-end",
                      }}
                    >
                      <Typography
                        variant="caption"
                        color="error"
                        role="alert"
                        sx={{ display: "flex", alignItems: "center", gap: 0.5 }}
                      >
                        <ErrorOutlineIcon fontSize="inherit" aria-hidden="true" />
                        Not sent{p.error ? `: ${p.error}` : ""}
                      </Typography>
                      <Button size="small" onClick={() => void deliver(p)}>
                        Retry
                      </Button>
                      <Button size="small" color="inherit" onClick={() => discard(p)}>
                        Discard
                      </Button>
                    </Box>
                  )}
                </Box>
              }
            />
          ))}
        </Box>
        {otherTyping ? (
          <Typography variant="caption" role="status" sx={{ display: "block", color: "text.secondary", pb: 1 }}>
            {other.displayName} is typing…
          </Typography>
        ) : null}
      </Box>

      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ borderTop: 1, borderColor: "divider", p: 1 }}
      >
        {fileError ? (
          <Alert severity="error" onClose={() => setFileError(null)} sx={{ mb: 1 }}>
            {fileError}
          </Alert>
        ) : null}
        {file ? (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1 }}>
            <Box
              component="img"
              src={file.url}
              alt=""
              sx={{ width: 48, height: 48, objectFit: "cover", borderRadius: 1 }}
            />
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {file.file.name}
            </Typography>
            <IconButton size="small" onClick={removeFile} aria-label={`Remove attachment ${file.file.name}`}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ) : null}
        <Box sx={{ display: "flex", alignItems: "flex-end", gap: 0.5 }}>
          <input
            ref={fileRef}
            type="file"
            hidden
            accept="image/jpeg,image/png,image/webp,image/gif"
            aria-label="Image to attach"
            onChange={(event) => onFile(event.target.files?.[0])}
          />
          <IconButton onClick={() => fileRef.current?.click()} aria-label="Attach an image">
            <AttachFileIcon />
          </IconButton>
          <TextField
            inputRef={inputRef}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value) typingSignal.typed();
              else typingSignal.stopped();
            }}
            onKeyDown={onKeyDown}
            onBlur={() => typingSignal.stopped()}
            placeholder="Type something..."
            multiline
            maxRows={5}
            size="small"
            fullWidth
            autoFocus={autoFocus}
            error={text.length > CHAT_TEXT_MAX}
            slotProps={{
              htmlInput: {
                "aria-label": "Message",
                "aria-describedby": text.length > CHAT_TEXT_MAX - 500 ? counterId : undefined,
              },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={Boolean(problem)}
            endIcon={<SendIcon />}
            sx={{ flexShrink: 0, minWidth: 0, "& .MuiButton-endIcon": { display: { xs: "none", sm: "inherit" } } }}
          >
            Send
          </Button>
        </Box>
        {text.length > CHAT_TEXT_MAX - 500 ? (
          <Typography
            id={counterId}
            variant="caption"
            color={text.length > CHAT_TEXT_MAX ? "error" : "text.secondary"}
            sx={{ display: "block", textAlign: "right", mt: 0.5 }}
          >
            {text.length.toLocaleString("en-US")} / {CHAT_TEXT_MAX.toLocaleString("en-US")}
          </Typography>
        ) : null}
      </Box>

      <Dialog open={viewing !== null} onClose={() => setViewing(null)} maxWidth="lg" aria-labelledby={viewerTitleId}>
        <DialogTitle
          id={viewerTitleId}
          sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", py: 1 }}
        >
          {viewing?.alt}
          <IconButton onClick={() => setViewing(null)} aria-label="Close image">
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent sx={{ p: 1 }}>
          {viewing ? (
            <Box
              component="img"
              src={viewing.src}
              alt={viewing.alt}
              sx={{ display: "block", maxWidth: "100%", maxHeight: "80vh", mx: "auto" }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </Box>
  );
}
