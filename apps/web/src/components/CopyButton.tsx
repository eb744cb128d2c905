import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Icon, IconButton, Tooltip } from "../layouts/frame/parts.tsx";

interface CopyButtonProps {
  value: string;
  /** Accessible name, e.g. "Copy referral link". */
  label: string;
}

/** A small button that copies `value`, saying "Copied" for two seconds (plain CSS: the dashboard shows one). */
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
      <IconButton small onClick={copy} aria-label={copied ? t`Copied` : label}>
        <Icon name={copied ? "Done" : "ContentCopy"} />
      </IconButton>
    </Tooltip>
  );
}
