import type { WsInvestmentAccrued } from "@helio/shared";
import { Plural, Trans } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { TOAST_PLACEMENT_SX } from "../../components/toast-placement.ts";
import { paths } from "../../lib/paths.ts";
import { type AccrualGroup, groupTotals } from "./accrued-group.ts";

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

/** The accrual notice itself, MUI's Snackbar and Alert: loaded with the first accrual (AccruedToast.tsx). */
export function AccruedToastView({ group, onClose }: { group: AccrualGroup | null; onClose: () => void }) {
  return (
    <Snackbar
      key={group?.id}
      open={Boolean(group)}
      autoHideDuration={6000}
      onClose={(_, reason) => reason !== "clickaway" && onClose()}
      anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      sx={TOAST_PLACEMENT_SX}
    >
      {group ? (
        <Alert
          severity="success"
          onClose={onClose}
          sx={{ boxShadow: 6, alignItems: "center" }}
          data-testid="accrued-toast"
        >
          <GroupWords group={group} />
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
