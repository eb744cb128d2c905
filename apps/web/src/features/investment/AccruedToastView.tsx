import type { WsInvestmentAccrued } from "@helio/shared";
import { Plural, Trans } from "@lingui/react/macro";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { NoticeToast } from "../../components/NoticeToast.tsx";
import { paths } from "../../lib/paths.ts";
import { type AccrualGroup, groupTotals } from "./accrued-group.ts";

/** "Profit credited: 1.25 USD (period 3 of 30)." */
function AccruedWords({ accrued }: { accrued: WsInvestmentAccrued }) {
  const period = accrued.period;
  const total = accrued.durationPeriods;
  return (
    <Trans>
      Profit credited: <Money microcents={accrued.amountMicrocents} /> (period {period} of {total}).
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
          <Money microcents={totals.amountMicrocents} />.
        </Trans>
      )}
      {totals.capitalReturnedMicrocents > 0n ? (
        <>
          {" "}
          <Trans>
            Capital returned: <Money microcents={totals.capitalReturnedMicrocents} />.
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
    <NoticeToast noticeKey={group?.id} severity="success" horizontal="left" testId="accrued-toast" onClose={onClose}>
      {group ? <GroupWords group={group} /> : null}
    </NoticeToast>
  );
}
