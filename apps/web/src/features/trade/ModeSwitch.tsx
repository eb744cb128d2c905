import { API, type Member, switchTradingModeSchema, type TradingMode } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { ApiError, apiFetch, errorMessage } from "../../lib/api.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { meQueryKey } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";

function useSwitchMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: TradingMode) =>
      apiFetch(API.tradesMode, { method: "PUT", body: { mode }, schema: switchTradingModeSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/**
 * Switches the money the next trades use. It says which money that is before the member confirms;
 * Real waits for money in the wallet, and a member an admin locked to Practice is told why.
 */
export function ModeSwitch({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useLingui();
  const titleId = useId();
  const textId = useId();
  const balances = useMemberBalances();
  const switchMode = useSwitchMode();
  const next: TradingMode = member.userTrading ? "practice" : "real";
  const wallet = balances.data?.wallet ?? 0n;
  const locked =
    member.tradingLocked || (switchMode.error instanceof ApiError && switchMode.error.code === "TRADING_MODE_LOCKED");
  const noRealMoney = next === "real" && balances.data !== undefined && wallet <= 0n;
  const blocked = next === "real" && (locked || noRealMoney);

  return (
    <Dialog
      open
      onClose={switchMode.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>
        {next === "real" ? t`Trade with real money?` : t`Trade with practice money?`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} data-testid="mode-switch-text">
          {member.userTrading ? (
            <Trans>
              Your trades now use your real wallet. After switching, your next trades use practice money (Free):
              winnings and losses are not real.
            </Trans>
          ) : (
            <Trans>
              Your trades now use practice money (Free). After switching, your next trades use your real wallet (
              <Money microcents={wallet} currency={member.currency} />
              ): winnings and losses are real money.
            </Trans>
          )}{" "}
          <Trans>Open contracts keep the money they were placed with.</Trans>
        </DialogContentText>
        {next === "real" && locked ? (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="mode-locked">
            <Trans>
              Helio has set your account to Practice, so real-money trading is locked. Contact support to ask why or to
              lift it.
            </Trans>
          </Alert>
        ) : next === "real" && noRealMoney ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            <Trans>
              Real trading opens once your wallet holds money.{" "}
              <Link component={RouterLink} to={paths.addBalance} onClick={onClose}>
                Add balance
              </Link>
            </Trans>
          </Alert>
        ) : null}
        {switchMode.isError && !locked ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(switchMode.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={switchMode.isPending} color="inherit">
          {t`Cancel`}
        </Button>
        <Button
          variant="contained"
          disabled={blocked || switchMode.isPending}
          onClick={() => switchMode.mutate(next, { onSuccess: onClose })}
        >
          {next === "real" ? t`Use real money` : t`Use practice money`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
