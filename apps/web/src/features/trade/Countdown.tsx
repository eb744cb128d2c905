import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";

/** Seconds (or m:ss) until `until`, ticking; "Settling…" once it has passed. */
export function Countdown({ until }: { until: string }) {
  const { t } = useLingui();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
  const text = left >= 60 ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` : t`${left} s`;
  return (
    <span style={{ fontVariantNumeric: "tabular-nums" }} data-testid="countdown">
      {left > 0 ? text : t`Settling…`}
    </span>
  );
}
