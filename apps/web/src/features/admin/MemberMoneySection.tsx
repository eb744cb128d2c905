import {
  ADJUSTABLE_ACCOUNTS,
  type AdminMemberMoney,
  DEMO_GRANT_CENTS,
  formatMoney,
  MEMBER_ACCOUNTS,
  type WalletEntry,
} from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import InputAdornment from "@mui/material/InputAdornment";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { accountLabel, kindLabel, referenceLabel } from "../../lib/ledger.ts";
import { KycDetails } from "./KycQueuePage.tsx";
import { memberLedgerQuery, memberMoneyQuery, useAdjustBalance, useAdminDemoReset } from "./money-api.ts";
import { adjustmentCents } from "./settings-model.ts";

type Adjustable = (typeof ADJUSTABLE_ACCOUNTS)[number];

function AdjustDialog({
  uid,
  open,
  onClose,
  onDone,
}: {
  uid: string;
  open: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const titleId = useId();
  const adjust = useAdjustBalance(uid);
  const [account, setAccount] = useState<Adjustable>("wallet");
  const [direction, setDirection] = useState<"credit" | "debit">("credit");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const idempotency = useIdempotencyKey();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = adjustmentCents(direction, amount);
    const next: typeof errors = {};
    if (typeof cents === "string") next.amount = cents;
    if (reason.trim().length < 3) next.reason = "At least 3 characters";
    setErrors(next);
    if (Object.keys(next).length || typeof cents === "string") return;
    try {
      const result = await adjust.mutateAsync({
        input: { account, amountCents: cents, reason: reason.trim() },
        key: idempotency.key,
      });
      idempotency.succeeded();
      setAmount("");
      setReason("");
      onDone(
        `${direction === "credit" ? "Credited" : "Debited"} ${accountLabel(account)}: new balance ${formatMoney(result.balanceAfterCents, "USD")}.`,
      );
    } catch (error) {
      idempotency.failed(error);
      if (error instanceof ApiError && error.fields.length) {
        const out: typeof errors = {};
        for (const f of error.fields) {
          if (f.field === "amountCents") out.amount = f.message;
          else if (f.field === "reason") out.reason = f.message;
          else out.form = f.message;
        }
        setErrors(out);
      } else setErrors({ form: errorMessage(error) });
    }
  };

  return (
    <Dialog
      open={open}
      onClose={adjust.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Adjust a balance</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              A correction is a new ledger transaction against the adjustments account; it is audited with your reason.
            </Typography>
            {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
            <TextField
              select
              label="Account"
              value={account}
              onChange={(event) => setAccount(event.target.value as Adjustable)}
            >
              {ADJUSTABLE_ACCOUNTS.map((a) => (
                <MenuItem key={a} value={a}>
                  {accountLabel(a)}
                </MenuItem>
              ))}
            </TextField>
            <FormControl>
              <FormLabel id={`${titleId}-direction`}>Direction</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${titleId}-direction`}
                value={direction}
                onChange={(event) => setDirection(event.target.value as "credit" | "debit")}
              >
                <FormControlLabel value="credit" control={<Radio />} label="Credit (add)" />
                <FormControlLabel value="debit" control={<Radio />} label="Debit (take)" />
              </RadioGroup>
            </FormControl>
            <TextField
              label="Amount"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(errors.amount)}
              helperText={errors.amount ?? "In US dollars, e.g. 25.00."}
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">USD</InputAdornment> },
                htmlInput: { inputMode: "decimal" },
              }}
            />
            <TextField
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={Boolean(errors.reason)}
              helperText={errors.reason ?? "Required. The member does not see it; the audit log does."}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={adjust.isPending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={adjust.isPending}>
            {adjust.isPending ? "Saving…" : direction === "credit" ? "Credit" : "Debit"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

const LEDGER_COLUMNS: Column<WalletEntry>[] = [
  { key: "date", header: "Date", nowrap: true, render: (e) => formatDateTime(e.createdAt) },
  { key: "kind", header: "Kind", nowrap: true, render: (e) => kindLabel(e.kind) },
  { key: "account", header: "Account", nowrap: true, render: (e) => accountLabel(e.account) },
  {
    key: "amount",
    header: "Amount",
    align: "right",
    nowrap: true,
    render: (e) => <Money cents={e.amountCents} signed />,
  },
  {
    key: "after",
    header: "Balance after",
    align: "right",
    nowrap: true,
    render: (e) => <Money cents={e.balanceAfterCents} />,
  },
  { key: "reference", header: "Reference", nowrap: true, render: (e) => referenceLabel(e.reference) },
  { key: "memo", header: "Memo", render: (e) => e.memo ?? "—" },
];

function MemberLedger({ uid }: { uid: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const ledger = useQuery(memberLedgerQuery(uid, paging.page, paging.pageSize));
  return (
    <DataTable
      label="Member ledger entries"
      columns={LEDGER_COLUMNS}
      rows={ledger.data?.items}
      rowKey={(e) => String(e.id)}
      loading={ledger.isFetching}
      error={ledger.isError ? ledger.error : undefined}
      onRetry={() => void ledger.refetch()}
      empty="No movements yet."
      paging={{
        page: paging.page,
        pageSize: paging.pageSize,
        total: ledger.data?.total ?? 0,
        sizes: [10, 20, 50],
        onPage: (page, pageSize) => setPaging({ page, pageSize }),
      }}
    />
  );
}

function Balances({ money }: { money: AdminMemberMoney }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(5, minmax(0, 1fr))" } }}
    >
      {MEMBER_ACCOUNTS.map((a) => (
        <Box key={a} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
            {accountLabel(a)}
          </Typography>
          <Box component="dd" sx={{ m: 0, fontWeight: 700, fontSize: "1.1rem" }}>
            <Money cents={money.balances[a]} sx={{ whiteSpace: "normal", overflowWrap: "anywhere" }} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The money side of a member's page: balances, adjustments, demo reset, KYC, bank data, ledger. */
export function MemberMoneySection({ uid, fullName }: { uid: string; fullName: string }) {
  const money = useQuery(memberMoneyQuery(uid));
  const demoReset = useAdminDemoReset(uid);
  const [adjusting, setAdjusting] = useState(false);
  const [resetting, setResetting] = useState(false);
  const resetIdempotency = useIdempotencyKey();
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);

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
      <Card component="section" aria-labelledby="money-heading">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="money-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
            Balances
          </Typography>
          {message ? (
            <Alert severity={message.kind} sx={{ mb: 2 }} role="status" onClose={() => setMessage(null)}>
              {message.text}
            </Alert>
          ) : null}
          <Balances money={m} />
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 2 }}>
            <Button
              variant="outlined"
              onClick={() => {
                setMessage(null);
                setAdjusting(true);
              }}
            >
              Adjust balance
            </Button>
            <Button
              variant="outlined"
              onClick={() => {
                setMessage(null);
                setResetting(true);
              }}
            >
              Reset demo
            </Button>
          </Box>
        </CardContent>
      </Card>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        <Card component="section" aria-labelledby="member-kyc-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 2, flexWrap: "wrap" }}>
              <Typography id="member-kyc-heading" variant="h2" component="h2">
                KYC
              </Typography>
              <StatusChip status={m.kyc.status} />
            </Box>
            {m.kyc.reason ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                Rejected: {m.kyc.reason}
              </Alert>
            ) : null}
            {m.kyc.submission ? <KycDetails kyc={m.kyc} /> : <Typography>Nothing submitted yet.</Typography>}
            {m.kyc.status === "pending" ? (
              <Typography variant="body2" sx={{ mt: 2 }}>
                <Link component={RouterLink} to="/admin/kyc">
                  Review in the KYC queue
                </Link>
              </Typography>
            ) : null}
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="member-bank-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="member-bank-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
              Bank data
            </Typography>
            {bank ? (
              <DetailList
                columns={2}
                items={[
                  { label: "Bank name", value: bank.bankName },
                  { label: "Account holder", value: bank.accountHolder },
                  {
                    label: "Account number",
                    value: (
                      <Box component="span" sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
                        {bank.accountNumber}
                      </Box>
                    ),
                  },
                  { label: "SWIFT/BIC", value: bank.swift ?? "—" },
                  { label: "Branch", value: bank.branch ?? "—" },
                  { label: "Last changed", value: formatDateTime(bank.updatedAt) },
                ]}
              />
            ) : (
              <Typography>No bank account yet.</Typography>
            )}
          </CardContent>
        </Card>
      </Box>
      <Box component="section" aria-labelledby="member-ledger-heading">
        <Typography id="member-ledger-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
          Ledger entries
        </Typography>
        <MemberLedger uid={uid} />
      </Box>
      <AdjustDialog
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
            {fullName}'s demo balance will be set to <Money cents={DEMO_GRANT_CENTS} currency="USD" rate={1} />.
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
