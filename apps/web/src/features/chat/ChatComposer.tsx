import { CHAT_TEXT_MAX, groupDigits } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import SendIcon from "@mui/icons-material/Send";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useLatestFileCheck } from "../../lib/file-check.ts";
import { useReadOnlyReason } from "../../lib/read-only.tsx";
import { useTypingSignal } from "./live.ts";
import { checkChatFile, composerProblem } from "./model.ts";
import type { Draft } from "./use-chat-send.ts";

export interface ChatComposerProps {
  chatId: string;
  autoFocus?: boolean;
  onSend: (draft: Draft) => void;
}

/** 'Type something...', attach an image, 'Send' (Enter sends, Shift+Enter breaks the line). */
export function ChatComposer({ chatId, autoFocus, onSend }: ChatComposerProps) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const [file, setFile] = useState<{ file: File; url: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const counterId = useId();
  const fileErrorId = useId();
  const typingSignal = useTypingSignal(chatId);

  const problem = composerProblem(text, Boolean(file));
  const fileName = file?.file.name ?? "";
  const readOnly = useReadOnlyReason();
  const submit = () => {
    if (problem) return;
    // The preview URL goes with the message: it is revoked once the message is sent or discarded.
    const draft: Draft = { text: text.trim(), file: file?.file ?? null, previewUrl: file?.url ?? null };
    setText("");
    setFile(null);
    setFileError(null);
    if (fileRef.current) fileRef.current.value = "";
    typingSignal.stopped();
    onSend(draft);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const checkChoice = useLatestFileCheck(checkChatFile);
  const onFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    const bad = await checkChoice(chosen);
    if (bad === undefined) return;
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

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ borderTop: 1, borderColor: "divider", p: 1 }}
    >
      {fileError ? (
        <Alert id={fileErrorId} severity="error" onClose={() => setFileError(null)} sx={{ mb: 1 }}>
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
          <IconButton size="small" onClick={removeFile} aria-label={t`Remove attachment ${fileName}`}>
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
          aria-label={t`Image to attach`}
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <IconButton
          onClick={() => fileRef.current?.click()}
          aria-label={t`Attach an image`}
          aria-describedby={fileError ? fileErrorId : undefined}
        >
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
          placeholder={t`Type something...`}
          multiline
          maxRows={5}
          size="small"
          fullWidth
          autoFocus={autoFocus}
          error={text.length > CHAT_TEXT_MAX}
          slotProps={{
            htmlInput: {
              "aria-label": t`Message`,
              "aria-describedby": text.length > CHAT_TEXT_MAX - 500 ? counterId : undefined,
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={Boolean(problem) || Boolean(readOnly)}
          title={readOnly ?? undefined}
          endIcon={<SendIcon />}
          sx={{ flexShrink: 0, minWidth: 0, "& .MuiButton-endIcon": { display: { xs: "none", sm: "inherit" } } }}
        >
          <Trans>Send</Trans>
        </Button>
      </Box>
      {text.length > CHAT_TEXT_MAX - 500 ? (
        <Typography
          id={counterId}
          variant="caption"
          color={text.length > CHAT_TEXT_MAX ? "error" : "text.secondary"}
          sx={{ display: "block", textAlign: "right", mt: 0.5 }}
        >
          {groupDigits(String(text.length))} / {groupDigits(String(CHAT_TEXT_MAX))}
        </Typography>
      ) : null}
    </Box>
  );
}
