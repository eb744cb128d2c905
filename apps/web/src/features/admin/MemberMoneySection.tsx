import { type AdminMemberMoney, DEMO_GRANT_MICROCENTS, MEMBER_ACCOUNTS } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { PageSection } from "../../components/PageSection.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { accountLabel } from "../../lib/ledger.ts";
import { paths } from "../../lib/paths.ts";
import { useStaffMay } from "../../lib/staff.tsx";
import { bankDetails } from "../bank/index.ts";
import { AdjustBalanceDialog } from "./AdjustBalanceDialog.tsx";
import { KycDetails } from "./KycQueuePage.tsx";
import { MemberLedger } from "./MemberLedger.tsx";
import { MemberDeposits, MemberWithdrawals } from "./MemberRequests.tsx";
import { memberMoneyQuery, useAdminDemoReset } from "./money-api.ts";

function Balances({ money }: { money: AdminMemberMoney }) {
  return (
    <DetailList
      columns={5}
      valueSx={{ fontWeight: 700, fontSize: "1.1rem" }}
      items={MEMBER_ACCOUNTS.map((a) => ({
        label: accountLabel(a),
        value: <Money microcents={money.balances[a]} sx={{ whiteSpace: "normal", overflowWrap: "anywhere" }} />,
      }))}
    />
  );
}

/**
 * The money side of a member's page: balances, adjustments, demo reset, KYC, bank data, deposits
 * and withdrawals (in the member's currency beside the USD), ledger.
 */
export function MemberMoneySection({ uid, fullName }: { uid: string; fullName: string }) {
  const money = useQuery(memberMoneyQuery(uid));
  const demoReset = useAdminDemoReset(uid);
  const [adjusting, setAdjusting] = useState(false);
  const [resetting, setResetting] = useState(false);
  const resetIdempotency = useIdempotencyKey();
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const mayAdjust = useStaffMay("balanceAdjust");
  const mayResetDemo = useStaffMay("demoReset");

  const runReset = () =>
    demoReset.mutate(resetIdempotency.key, {
      onSuccess: (r) => {
        resetIdempotency.succeeded();
        setMessage({
          kind: "success",
          text: r.transactionId ? "Demo balance reset." : "Demo balance was already full.",
        });
      },
      onError: (error) => {
        resetIdempotency.failed(error);
        setMessage({ kind: "error", text: errorMessage(error) });
      },
      onSettled: () => setResetting(false),
    });

  if (money.isPending) return <Skeleton variant="rounded" height={240} />;
  if (money.isError) return <QueryError error={money.error} onRetry={() => void money.refetch()} />;
  const m = money.data;
  const bank = m.bank;

  return (
    <Stack spacing={3}>
      <SectionCard id="money-heading" title="Balances">
        {message ? (
          <Alert severity={message.kind} sx={{ mb: 2 }} role="status" onClose={() => setMessage(null)}>
            {message.text}
          </Alert>
        ) : null}
        <Balances money={m} />
        {mayAdjust || mayResetDemo ? (
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 2 }}>
            {mayAdjust ? (
              <Button
                variant="outlined"
                onClick={() => {
                  setMessage(null);
                  setAdjusting(true);
                }}
              >
                Adjust balance
              </Button>
            ) : null}
            {mayResetDemo ? (
              <Button
                variant="outlined"
                onClick={() => {
                  setMessage(null);
                  setResetting(true);
                }}
              >
                Reset demo
              </Button>
            ) : null}
          </Box>
        ) : null}
      </SectionCard>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        <SectionCard id="member-kyc-heading" title="KYC" aside={<StatusChip status={m.kyc.status} />}>
          {m.kyc.reason ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              Rejected: {m.kyc.reason}
            </Alert>
          ) : null}
          {m.kyc.submission ? <KycDetails kyc={m.kyc} /> : <Typography>Nothing submitted yet.</Typography>}
          {m.kyc.status === "pending" ? (
            <Typography variant="body2" sx={{ mt: 2 }}>
              <Link component={RouterLink} to={paths.adminKyc}>
                Review in the KYC queue
              </Link>
            </Typography>
          ) : null}
        </SectionCard>
        <SectionCard id="member-bank-heading" title="Bank data">
          {bank ? (
            <DetailList
              columns={2}
              items={bankDetails(
                bank,
                <Box component="span" sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
                  {bank.accountNumber}
                </Box>,
              )}
            />
          ) : (
            <Typography>No bank account yet.</Typography>
          )}
        </SectionCard>
      </Box>
      <MemberDeposits uid={uid} />
      <MemberWithdrawals uid={uid} />
      <PageSection id="member-ledger-heading" title="Ledger entries">
        <MemberLedger uid={uid} />
      </PageSection>
      <AdjustBalanceDialog
        uid={uid}
        open={adjusting}
        onClose={() => setAdjusting(false)}
        onDone={(text) => {
          setAdjusting(false);
          setMessage({ kind: "success", text });
        }}
      />
      <ConfirmDialog
        open={resetting}
        title="Reset the demo balance?"
        message={
          <>
            {fullName}'s demo balance will be set to{" "}
            <Money microcents={DEMO_GRANT_MICROCENTS} currency="USD" rate={1} />.
          </>
        }
        confirmLabel="Reset demo"
        busy={demoReset.isPending}
        onConfirm={runReset}
        onClose={() => setResetting(false)}
      />
    </Stack>
  );
}
