import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { listCardStyles as card, ListCard } from "../../components/ListCard.tsx";
import { Money } from "../../components/Money.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { accountLabel, kindLabel } from "../../lib/ledger.ts";
import { paths } from "../../lib/paths.ts";
import { historyQuery } from "./api.ts";

const ROW = { display: "grid", gridTemplateColumns: "minmax(0, 1fr) auto", gap: 8 } as const;

/** The dashboard's last five ledger entries (all accounts), with a link to the full history. */
export function RecentTransactions() {
  const { t } = useLingui();
  const recent = useQuery(historyQuery({ page: 1, pageSize: 5 }));
  return (
    <ListCard
      id="recent-heading"
      title={t`Recent transactions`}
      query={recent}
      empty={recent.data?.items.length === 0 ? t`No transactions yet.` : null}
      more={{ to: paths.wallet, label: t`Full history` }}
    >
      {recent.data?.items.map((e) => (
        <li key={e.id} data-testid="recent-transaction" className={card.row} style={ROW}>
          <div style={{ minWidth: 0 }}>
            {kindLabel(e.kind)}
            <div className={card.small}>
              {accountLabel(e.account)} · <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
            </div>
          </div>
          <Money
            microcents={e.amountMicrocents}
            signed
            sx={e.amountMicrocents > 0n ? { color: "var(--plain-success-icon)", fontWeight: 600 } : { fontWeight: 600 }}
          />
        </li>
      ))}
    </ListCard>
  );
}
