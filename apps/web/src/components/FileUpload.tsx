import { useLingui } from "@lingui/react/macro";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { checkUpload, useLatestFileCheck } from "../lib/file-check.ts";

/** `1536` → `1.5 KB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, "")} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;
}

interface FileUploadProps {
  /** Visible name of the control, e.g. "ID front". */
  label: string;
  /** Button text, e.g. "Choose file". */
  buttonLabel?: string;
  accept: readonly string[];
  maxBytes: number;
  /** e.g. "a JPEG, PNG or WebP image" */
  describe: string;
  /** A line under the control, e.g. "JPEG, PNG or WebP, up to 10 MB." */
  hint?: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** An error from outside (the form or the server). */
  error?: string | null;
  disabled?: boolean;
  /** 0–100 while uploading. */
  progress?: number | null;
  name?: string;
}

/** A file chooser: a button, the chosen file (with a preview for images), checks, and progress. */
export function FileUpload({
  label,
  buttonLabel,
  accept,
  maxBytes,
  describe,
  hint,
  value,
  onChange,
  error,
  disabled = false,
  progress = null,
  name,
}: FileUploadProps) {
  const { t } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const helpId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value?.type.startsWith("image/") || typeof URL.createObjectURL !== "function") {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const checkChoice = useLatestFileCheck((file: File) => checkUpload(file, accept, maxBytes, describe));
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = "";
    if (!file) return;
    const why = await checkChoice(file);
    if (why === undefined) return;
    setProblem(why);
    onChange(why ? null : file);
  };

  const shownError = problem ?? error ?? null;
  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={helpId}>
      <Typography id={labelId} component="div" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        {preview ? (
          <Box
            component="img"
            src={preview}
            alt={`Preview of ${label}`}
            sx={{ width: 72, height: 72, objectFit: "cover", borderRadius: 1, border: 1, borderColor: "divider" }}
          />
        ) : null}
        <input
          ref={inputRef}
          type="file"
          name={name}
          accept={accept.join(",")}
          onChange={onFile}
          hidden
          aria-label={label}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
          aria-label={`${value ? t`Change file` : (buttonLabel ?? t`Choose file`)}: ${label}`}
        >
          {value ? t`Change file` : (buttonLabel ?? t`Choose file`)}
        </Button>
        {value ? (
          <Typography variant="body2" sx={{ wordBreak: "break-all", minWidth: 0 }}>
            {value.name} ({formatBytes(value.size)})
          </Typography>
        ) : null}
      </Box>
      {progress !== null ? (
        <Box sx={{ mt: 1.5 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={`Uploading ${label.toLowerCase()}`} />
          <Typography variant="body2" sx={{ mt: 0.5, color: "text.secondary" }} aria-live="polite">
            Uploading… {progress}%
          </Typography>
        </Box>
      ) : null}
      <FormHelperText id={helpId} error={Boolean(shownError)} sx={{ mx: 0 }}>
        {shownError ?? hint ?? ""}
      </FormHelperText>
    </Box>
  );
}
