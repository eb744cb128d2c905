import type { TradingMode } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatPrice } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { useOpenTrades } from "./api.ts";
import { ContractTable } from "./ContractTable.tsx";
import { Countdown } from "./Countdown.tsx";
import { ModeFilter } from "./ModeFilter.tsx";
import { useCurrentMode, useModeColumn } from "./modes.tsx";
import { WinningChip } from "./WinningChip.tsx";

/** `/on-trade`: running contracts of one mode (Real or Free) with a countdown and whether each is winning now. */
export function OnTradePage() {
  const { t } = useLingui();
  const [mode, setMode] = useState<TradingMode>(useCurrentMode());
  const open = useOpenTrades(mode);
  const modeColumn = useModeColumn();
  const stakedMicrocents = (open.data ?? []).reduce((sum, c) => sum + c.amountMicrocents, 0n);
  return (
    <>
      <PageHeader title={t`On Trade`} subtitle={t`Your running contracts.`} />
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 2 }}>
        <ModeFilter value={mode} onChange={setMode} />
        {open.data?.length ? (
          <Typography data-testid="open-trades-staked">
            <Trans>
              Staked: <Money microcents={stakedMicrocents} />
            </Trans>
          </Typography>
        ) : null}
      </Box>
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
          before={[modeColumn]}
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
