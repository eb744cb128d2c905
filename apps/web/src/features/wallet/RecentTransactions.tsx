import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { useQuery } from "@tanstack/react-query";
import { ListCard } from "../../components/ListCard.tsx";
import { Money } from "../../components/Money.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { accountLabel, kindLabel } from "../../lib/ledger.ts";
import { paths } from "../../lib/paths.ts";
import { historyQuery } from "./api.ts";

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
        <Box
          component="li"
          key={e.id}
          data-testid="recent-transaction"
          sx={{
            display: "grid",
            gridTemplateColumns: "minmax(0, 1fr) auto",
            gap: 1,
            py: 1,
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            {kindLabel(e.kind)}
            <Box sx={{ color: "text.secondary", fontSize: "0.85rem" }}>
              {accountLabel(e.account)} · <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
            </Box>
          </Box>
          <Money
            cents={e.amountCents}
            signed
            sx={e.amountCents > 0 ? { color: "success.main", fontWeight: 600 } : { fontWeight: 600 }}
          />
        </Box>
      ))}
    </ListCard>
  );
}
