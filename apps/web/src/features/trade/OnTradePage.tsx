import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const open = useOpenTrades();
  return (
    <>
      <PageHeader title={t`On Trade`} subtitle={t`Your running contracts.`} />
      {open.isError ? <Alert severity="error">{errorMessage(open.error)}</Alert> : null}
      {!open.data ? (
        <PageLoader />
      ) : open.data.length === 0 ? (
        <Alert severity="info">
          <Trans>
            No running contracts.{" "}
            <Link component={RouterLink} to={paths.tradeFirstPair}>
              Open the trade page
            </Link>
          </Trans>
        </Alert>
      ) : (
        <ContractTable
          label={t`Running contracts`}
          rowTestId="open-trade"
          rows={open.data}
          after={[
            { header: t`Now`, align: "right", render: (c) => formatPrice(c.currentPrice) },
            { header: t`Status`, render: (c) => <WinningChip winning={c.winning} /> },
            { header: t`Time left`, align: "right", render: (c) => <Countdown until={c.expiresAt} /> },
          ]}
        />
      )}
    </>
  );
}
