import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatPrice } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { useOpenTrades } from "./api.ts";
import { ContractTable } from "./ContractTable.tsx";
import { Countdown } from "./Countdown.tsx";
import { WinningChip } from "./WinningChip.tsx";

/** `/on-trade`: running contracts with a countdown and whether each is winning now. */
export function OnTradePage() {
  const open = useOpenTrades();
  return (
    <>
      <PageHeader title="On Trade" subtitle="Your running contracts." />
      {open.isError ? <Alert severity="error">{errorMessage(open.error)}</Alert> : null}
      {!open.data ? (
        <PageLoader />
      ) : open.data.length === 0 ? (
        <Alert severity="info">
          No running contracts.{" "}
          <Link component={RouterLink} to={paths.tradeFirstPair}>
            Open the trade page
          </Link>
        </Alert>
      ) : (
        <ContractTable
          label="Running contracts"
          rowTestId="open-trade"
          rows={open.data}
          after={[
            { header: "Now", align: "right", render: (t) => formatPrice(t.currentPrice) },
            { header: "Status", render: (t) => <WinningChip winning={t.winning} /> },
            { header: "Time left", align: "right", render: (t) => <Countdown until={t.expiresAt} /> },
          ]}
        />
      )}
    </>
  );
}
