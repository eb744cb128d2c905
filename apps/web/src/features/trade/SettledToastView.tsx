import type { TradeContract } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { NoticeToast } from "../../components/NoticeToast.tsx";
import { paths } from "../../lib/paths.ts";

const SEVERITY = { win: "success", loss: "error", equal: "info", void: "warning" } as const;

function Outcome({ c }: { c: TradeContract }) {
  const { t } = useLingui();
  const direction = c.direction === "up" ? t`Up` : t`Down`;
  const pair = `${c.symbol}/USDT ${direction}`;
  if (c.result === "win")
    return (
      <Trans>
        {pair} won: <Money microcents={c.payoutMicrocents ?? 0n} /> paid.
      </Trans>
    );
  if (c.result === "loss")
    return (
      <Trans>
        {pair} lost the <Money microcents={c.amountMicrocents} /> stake.
      </Trans>
    );
  if (c.result === "void")
    return (
      <Trans>
        {pair} was void (no price at expiry): <Money microcents={c.amountMicrocents} /> returned.
      </Trans>
    );
  return (
    <Trans>
      {pair} closed even: <Money microcents={c.amountMicrocents} /> returned.
    </Trans>
  );
}

/** The settlement notice itself, MUI's Snackbar and Alert: loaded with the first settlement (SettledToast.tsx). */
export function SettledToastView({ current, onClose }: { current: TradeContract | undefined; onClose: () => void }) {
  return (
    <NoticeToast
      noticeKey={current?.id}
      severity={current?.result ? SEVERITY[current.result] : "info"}
      horizontal="center"
      testId="settled-toast"
      onClose={onClose}
    >
      {current ? (
        <>
          <Outcome c={current} />{" "}
          <RouterLink to={paths.historyTrade} style={{ color: "inherit" }}>
            <Trans>History</Trans>
          </RouterLink>
        </>
      ) : null}
    </NoticeToast>
  );
}
