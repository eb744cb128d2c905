import type { WsInvestmentAccrued } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { TOAST_PLACEMENT_SX } from "../../components/toast-placement.ts";
import { paths } from "../../lib/paths.ts";
import { liveSocket } from "../../lib/ws.ts";
import { useInvestmentLive } from "./api.ts";

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
          Profit credited: <Money cents={current.amountCents} /> (period {current.period} of {current.durationPeriods}).
          {current.capitalReturnedCents > 0 ? (
            <>
              {" "}
              Capital returned: <Money cents={current.capitalReturnedCents} />.
            </>
          ) : null}{" "}
          <RouterLink to={paths.invoiceOne(current.investmentId)} style={{ color: "inherit" }}>
            Invoice
          </RouterLink>
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
