import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { formatDateTime } from "../../lib/format.ts";
import { countdownText, secondsUntil } from "./model.ts";

/**
 * A live countdown to the next accrual; "Crediting…" once the boundary has passed. Plain markup:
 * the dashboard's investments card shows it (decision 0017).
 */
export function AccrualCountdown({ until }: { until: string }) {
  const { i18n } = useLingui();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = secondsUntil(until, now);
  const countdown = countdownText(left);
  return (
    <time dateTime={until} style={{ fontVariantNumeric: "tabular-nums" }} title={formatDateTime(until)}>
      {left > 0 ? i18n._(msg`in ${countdown}`) : i18n._(msg`Crediting…`)}
    </time>
  );
}
