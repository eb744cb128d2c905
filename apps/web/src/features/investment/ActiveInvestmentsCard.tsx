import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { CardLink, listCardStyles as card, ListCard } from "../../components/ListCard.tsx";
import { Money } from "../../components/Money.tsx";
import { exampleText } from "../../lib/example-words.ts";
import { paths } from "../../lib/paths.ts";
import { AccrualCountdown } from "./AccrualCountdown.tsx";
import { myInvestmentsQuery } from "./api.ts";
import { progressPercent } from "./model.ts";

const SHOWN = 5;

/** "Gold: 3 of 30 periods paid", the progress bar's name. */
function progressLabel(name: string, paid: number, total: number): string {
  return t`${name}: ${paid} of ${total} periods paid`;
}

/** "3 / 30 periods · next" before the countdown. */
function PeriodsLine({ paid, total }: { paid: number; total: number }) {
  return (
    <Trans>
      <bdi dir="ltr">
        {paid} / {total}
      </bdi>{" "}
      periods · next
    </Trans>
  );
}

/** MUI's determinate LinearProgress (6 px, rounded), named by `label`. */
function Progress({ value, label }: { value: number; label: string }) {
  const shown = Math.round(value);
  return (
    <div
      className={card.progress}
      role="progressbar"
      aria-label={label}
      aria-valuenow={shown}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className={card.progressBar} style={{ width: `${value}%` }} />
    </div>
  );
}

/** The dashboard's active investments: progress, profit so far and the next accrual, live. */
export function ActiveInvestmentsCard() {
  const { t } = useLingui();
  const list = useQuery(myInvestmentsQuery(1, SHOWN, "active"));
  const total = list.data?.total ?? 0;
  return (
    <ListCard
      id="active-investments-heading"
      title={t`Active investments`}
      query={list}
      empty={
        list.data?.items.length === 0 ? (
          <Trans>
            No active investments. <CardLink to={paths.addInvestment}>Choose a package</CardLink>
          </Trans>
        ) : null
      }
      more={
        list.data && list.data.total > 0
          ? {
              to: paths.investment,
              label: total > SHOWN ? t`All ${total} active investments` : t`Investment`,
            }
          : null
      }
    >
      {list.data?.items.map((inv) => (
        <li key={inv.id} data-testid="dashboard-investment" className={card.row}>
          <div style={{ display: "flex", gap: 8, flexWrap: "wrap", justifyContent: "space-between" }}>
            <CardLink to={paths.invoiceOne(inv.id)} className={card.strong}>
              {exampleText(inv.package.name)}
            </CardLink>
            <span style={{ fontSize: "0.85rem" }}>
              <Money microcents={inv.amountMicrocents} /> ·{" "}
              <Trans>
                profit <Money microcents={inv.profitPaidMicrocents} />
              </Trans>
            </span>
          </div>
          <Progress
            value={progressPercent(inv.periodsPaid, inv.durationPeriods)}
            label={progressLabel(exampleText(inv.package.name), inv.periodsPaid, inv.durationPeriods)}
          />
          <div className={card.small}>
            <PeriodsLine paid={inv.periodsPaid} total={inv.durationPeriods} />{" "}
            {inv.nextAccrualAt ? <AccrualCountdown until={inv.nextAccrualAt} /> : "—"}
          </div>
        </li>
      ))}
    </ListCard>
  );
}
