import type { WsInvestmentAccrued } from "@helio/shared";
import { Plural, Trans } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { useEffect, useRef, useState } from "react";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { TOAST_PLACEMENT_SX } from "../../components/toast-placement.ts";
import { paths } from "../../lib/paths.ts";
import { liveSocket } from "../../lib/ws.ts";
import { type AccrualGroup, addAccrual, groupTotals } from "./accrued-group.ts";
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

/** One investment by its period and invoice; several as their count and sum, with the list of them. */
function GroupWords({ group }: { group: AccrualGroup }) {
  const totals = groupTotals(group);
  const count = totals.investments;
  const one = count === 1;
  return (
    <>
      {one ? (
        <AccruedWords accrued={group.last} />
      ) : (
        <Trans>
          Profit credited: <Plural value={count} one="# investment" other="# investments" />,{" "}
          <Money cents={totals.amountCents} />.
        </Trans>
      )}
      {totals.capitalReturnedCents > 0 ? (
        <>
          {" "}
          <Trans>
            Capital returned: <Money cents={totals.capitalReturnedCents} />.
          </Trans>
        </>
      ) : null}{" "}
      <RouterLink to={one ? paths.invoiceOne(group.last.investmentId) : paths.investment} style={{ color: "inherit" }}>
        {one ? <Trans>Invoice</Trans> : <Trans>Investments</Trans>}
      </RouterLink>
    </>
  );
}

/**
 * On every screen: an investment's accruals keep the investment screens and funds current
 * (`useInvestmentLive`), and one short notice tells of the profit credited. Accruals arriving
 * while it shows join it (a pass credits many investments at once), so notices never pile up.
 */
export function AccruedToast() {
  useInvestmentLive();
  const [group, setGroup] = useState<AccrualGroup | null>(null);
  const nextId = useRef(1);
  useEffect(
    () =>
      liveSocket.subscribe("investment.accrued", (m) =>
        setGroup((g) => {
          const next = addAccrual(g, m, nextId.current);
          if (!g) nextId.current += 1;
          return next;
        }),
      ),
    [],
  );
  const close = () => setGroup(null);
  return (
    <Snackbar
      key={group?.id}
      open={Boolean(group)}
      autoHideDuration={6000}
      onClose={(_, reason) => reason !== "clickaway" && close()}
      anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      sx={TOAST_PLACEMENT_SX}
    >
      {group ? (
        <Alert
          severity="success"
          onClose={close}
          sx={{ boxShadow: 6, alignItems: "center" }}
          data-testid="accrued-toast"
        >
          <GroupWords group={group} />
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
