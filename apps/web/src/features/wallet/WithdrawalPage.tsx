import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { requirementsQuery, useWalletLive } from "./api.ts";
import { WithdrawalForm } from "./WithdrawalForm.tsx";

/** `/withdrawal`: amount, fee and net, destination, requirements, 2FA code → `/invoice-wd/{id}`. */
export function WithdrawalPage() {
  const { t } = useLingui();
  const req = useQuery(requirementsQuery);
  useWalletLive();
  return (
    <Box>
      <PageHeader title={t`Withdrawal`} subtitle={t`Withdraw money from your wallet to your bank account.`} />
      <Box sx={{ maxWidth: 720 }}>
        <QueryState query={req} height={320}>
          {(requirements) => <WithdrawalForm req={requirements} />}
        </QueryState>
      </Box>
    </Box>
  );
}
