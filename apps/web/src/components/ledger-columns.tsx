import type { WalletEntry } from "@helio/shared";
import { Trans } from "@lingui/react/macro";
import { formatDateTime } from "../lib/format.ts";
import { accountLabel, kindLabel } from "../lib/ledger.ts";
import type { Column } from "./DataTable.tsx";
import { Money } from "./Money.tsx";

/**
 * The columns of a member's ledger entries, the same on every table of them (the wallet history,
 * a fund's history); a table picks the ones it shows and adds its own. The headers are `<Trans>`
 * elements, which word themselves again when the member switches language.
 */
export const LEDGER_COLUMNS = {
  date: {
    key: "date",
    header: <Trans>Date</Trans>,
    nowrap: true,
    render: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
  },
  kind: { key: "kind", header: <Trans>Kind</Trans>, nowrap: true, render: (e) => kindLabel(e.kind) },
  account: { key: "account", header: <Trans>Account</Trans>, nowrap: true, render: (e) => accountLabel(e.account) },
  /** Money in stands out in green. */
  amount: {
    key: "amount",
    header: <Trans>Amount</Trans>,
    align: "right",
    nowrap: true,
    render: (e) => (
      <Money
        microcents={e.amountMicrocents}
        signed
        sx={e.amountMicrocents > 0n ? { color: "var(--plain-success-icon)", fontWeight: 600 } : {}}
      />
    ),
  },
  balanceAfter: {
    key: "after",
    header: <Trans>Balance after</Trans>,
    align: "right",
    nowrap: true,
    render: (e) => <Money microcents={e.balanceAfterMicrocents} />,
  },
} satisfies Record<string, Column<WalletEntry>>;
