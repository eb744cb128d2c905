import { useLingui } from "@lingui/react/macro";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import DoneIcon from "@mui/icons-material/Done";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useEffect, useState } from "react";

interface CopyButtonProps {
  value: string;
  /** Accessible name, e.g. "Copy referral link". */
  label: string;
}

export function CopyButton({ value, label }: CopyButtonProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Tooltip title={copied ? t`Copied` : label}>
      <IconButton onClick={copy} aria-label={copied ? t`Copied` : label} size="small">
        {copied ? <DoneIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
