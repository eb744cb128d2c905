import type { WsInvestmentAccrued } from "@helio/shared";
import { Trans } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { TOAST_PLACEMENT_SX } from "../../components/toast-placement.ts";
import { paths } from "../../lib/paths.ts";
import { liveSocket } from "../../lib/ws.ts";
import { useInvestmentLive } from "./api.ts";

/** "Profit credited: 1.25 USD (period 3 of 30)." */
function AccruedWords({ accrued }: { accrued: WsInvestmentAccrued }) {
  const period = accrued.period;
  const total = accrued.durationPeriods;
  return (
    <Trans>
      Profit credited: <Money cents={accrued.amountCents} /> (period {period} of {total}).
    </Trans>
  );
}

/**
 * On every screen: an investment's accruals keep the investment screens and funds current
 * (`useInvestmentLive`), and each one shows a short notice with the profit credited.
 */
export function AccruedToast() {
  useInvestmentLive();
  const [queue, setQueue] = useState<WsInvestmentAccrued[]>([]);
  useEffect(() => liveSocket.subscribe("investment.accrued", (m) => setQueue((q) => [...q, m])), []);
  const current = queue[0];
  const close = () => setQueue((q) => q.slice(1));
  return (
    <Snackbar
      key={current ? `${current.investmentId}-${current.period}` : undefined}
      open={Boolean(current)}
      autoHideDuration={6000}
      onClose={(_, reason) => reason !== "clickaway" && close()}
      anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      sx={TOAST_PLACEMENT_SX}
    >
      {current ? (
        <Alert
          severity="success"
          onClose={close}
          sx={{ boxShadow: 6, alignItems: "center" }}
          data-testid="accrued-toast"
        >
          <AccruedWords accrued={current} />
          {current.capitalReturnedCents > 0 ? (
            <>
              {" "}
              <Trans>
                Capital returned: <Money cents={current.capitalReturnedCents} />.
              </Trans>
            </>
          ) : null}{" "}
          <RouterLink to={paths.invoiceOne(current.investmentId)} style={{ color: "inherit" }}>
            <Trans>Invoice</Trans>
          </RouterLink>
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
