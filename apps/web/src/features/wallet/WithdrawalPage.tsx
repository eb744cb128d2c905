import type { WithdrawalRequirements } from "@helio/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import HourglassTopIcon from "@mui/icons-material/HourglassTop";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import InputAdornment from "@mui/material/InputAdornment";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { requirementsQuery, useCreateWithdrawal, useWalletLive } from "./api.ts";
import { feeRuleText, usd, withdrawalPreview } from "./model.ts";

interface Requirement {
  key: string;
  state: "done" | "waiting" | "missing";
  label: string;
  detail: ReactNode;
}

function requirementsOf(req: WithdrawalRequirements): Requirement[] {
  const kyc: Requirement =
    req.kycStatus === "approved"
      ? { key: "kyc", state: "done", label: "Identity verified", detail: "Your KYC is approved." }
      : req.kycStatus === "pending"
        ? {
            key: "kyc",
            state: "waiting",
            label: "Identity verification under review",
            detail: (
              <>
                We are checking your documents.{" "}
                <Link component={RouterLink} to="/kyc-user">
                  See your KYC
                </Link>
              </>
            ),
          }
        : {
            key: "kyc",
            state: "missing",
            label: "Verify your identity (KYC)",
            detail: (
              <>
                {req.kycStatus === "rejected" ? "Your last submission was rejected. " : "Required before withdrawing. "}
                <Link component={RouterLink} to="/kyc-user">
                  {req.kycStatus === "rejected" ? "Submit again" : "Verify your identity"}
                </Link>
              </>
            ),
          };
  const bank: Requirement = req.bank
    ? {
        key: "bank",
        state: "done",
        label: "Bank account added",
        detail: (
          <>
            {req.bank.bankName}, {req.bank.accountNumberMasked}.{" "}
            <Link component={RouterLink} to="/data-bank">
              Change
            </Link>
          </>
        ),
      }
    : {
        key: "bank",
        state: "missing",
        label: "Add your bank account",
        detail: (
          <>
            Withdrawals are paid to it.{" "}
            <Link component={RouterLink} to="/data-bank">
              Add your bank account
            </Link>
          </>
        ),
      };
  return [kyc, bank];
}

const ICONS = {
  done: <CheckCircleIcon color="success" titleAccess="Done" />,
  waiting: <HourglassTopIcon color="warning" titleAccess="Waiting" />,
  missing: <ErrorOutlineIcon color="error" titleAccess="Missing" />,
};

function Requirements({ items }: { items: Requirement[] }) {
  return (
    <List dense disablePadding aria-label="Requirements">
      {items.map((item) => (
        <ListItem key={item.key} disableGutters alignItems="flex-start">
          <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>{ICONS[item.state]}</ListItemIcon>
          <ListItemText
            primary={item.label}
            secondary={item.detail}
            slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { component: "div" } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

function PreviewRow({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Box
      sx={[
        { display: "flex", justifyContent: "space-between", gap: 2, py: 0.5, flexWrap: "wrap" },
        strong ? { borderTop: 1, borderColor: "divider", mt: 0.5, pt: 1 } : {},
      ]}
    >
      <Typography
        component="dt"
        sx={{ color: strong ? "text.primary" : "text.secondary", fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 400 }}>
        {children}
      </Box>
    </Box>
  );
}

function WithdrawalForm({ req }: { req: WithdrawalRequirements }) {
  const navigate = useNavigate();
  const balances = useMemberBalances();
  const create = useCreateWithdrawal();
  const walletCents = balances.data?.wallet ?? req.walletCents;
  const [amount, setAmount] = useState("");
  const [code, setCode] = useState("");
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; totpCode?: string; form?: string }>({});
  const idempotency = useIdempotencyKey();
  const preview = withdrawalPreview(amount, req, walletCents);
  const items = requirementsOf(req);
  const ready = items.every((item) => item.state === "done");
  const amountError = errors.amount ?? (touched && !preview.ok ? preview.problem : undefined);
  const codeProblem = req.twoFactorRequired && !/^\d{6}$/.test(code.trim()) ? "Enter the 6-digit code" : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setErrors({});
    if (!preview.ok) {
      document.getElementById("withdrawal-amount")?.focus();
      return;
    }
    if (codeProblem) {
      setErrors({ totpCode: codeProblem });
      document.getElementById("withdrawal-code")?.focus();
      return;
    }
    try {
      const withdrawal = await create.mutateAsync({
        input: { amount: amount.trim(), ...(req.twoFactorRequired ? { totpCode: code.trim() } : {}) },
        key: idempotency.key,
      });
      idempotency.succeeded();
      await navigate(`/invoice-wd/${encodeURIComponent(withdrawal.id)}`);
    } catch (error) {
      idempotency.failed(error);
      if (error instanceof ApiError && error.fields.length > 0) {
        const next: typeof errors = {};
        for (const f of error.fields) {
          if (f.field === "amount" || f.field === "amountCents") next.amount = f.message;
          else if (f.field === "totpCode") next.totpCode = f.message;
          else next.form = f.message;
        }
        setErrors(next);
        if (next.totpCode) setCode("");
        return;
      }
      setErrors({ form: errorMessage(error) });
    }
  };

  return (
    <Stack spacing={3}>
      <Card component="section" aria-labelledby="req-heading">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="req-heading" variant="h2" component="h2" sx={{ mb: 1 }}>
            Before you withdraw
          </Typography>
          <Requirements items={items} />
          {req.twoFactorRequired ? (
            <Typography variant="body2" sx={{ mt: 1, color: "text.secondary" }}>
              Two-factor authentication is on: you will enter a code from your authenticator app.
            </Typography>
          ) : null}
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="form-heading">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="form-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
            Request a withdrawal
          </Typography>
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2}>
              {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
              {!ready ? <Alert severity="warning">Complete the steps above to request a withdrawal.</Alert> : null}
              <Typography>
                Available in your wallet: <Money cents={walletCents} sx={{ fontWeight: 700 }} />
              </Typography>
              <TextField
                id="withdrawal-amount"
                label="Amount (USD)"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  setErrors((e) => ({ ...e, amount: undefined }));
                }}
                onBlur={() => setTouched(true)}
                error={Boolean(amountError)}
                helperText={
                  amountError ??
                  `From ${usd(req.minCents)} to ${usd(req.maxCents)}. Fee: ${feeRuleText(req.feeBps, req.feeFlatCents)}.`
                }
                autoComplete="off"
                slotProps={{
                  htmlInput: { inputMode: "decimal" },
                  input: { endAdornment: <InputAdornment position="end">USD</InputAdornment> },
                }}
              />
              <Box sx={{ p: 2, borderRadius: 1, bgcolor: "action.hover" }}>
                <Box component="dl" aria-label="Withdrawal summary" aria-live="polite" sx={{ m: 0 }}>
                  <PreviewRow label="Amount">
                    {preview.quote ? <Money cents={preview.quote.amountCents} /> : "—"}
                  </PreviewRow>
                  <PreviewRow label={`Fee (${feeRuleText(req.feeBps, req.feeFlatCents)})`}>
                    {preview.quote ? <Money cents={preview.quote.feeCents} /> : "—"}
                  </PreviewRow>
                  <PreviewRow label="You receive" strong>
                    {preview.quote && preview.quote.netCents > 0 ? <Money cents={preview.quote.netCents} /> : "—"}
                  </PreviewRow>
                </Box>
                <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
                  The amount leaves your wallet now and is held until we pay it out. The server confirms the fee.
                </Typography>
              </Box>
              {req.bank ? (
                <Box>
                  <Typography variant="body2" sx={{ color: "text.secondary" }}>
                    Paid to
                  </Typography>
                  <Typography>
                    {req.bank.bankName} · {req.bank.accountHolder} ·{" "}
                    <Box component="span" sx={{ fontFamily: "monospace" }}>
                      {req.bank.accountNumberMasked}
                    </Box>
                  </Typography>
                </Box>
              ) : null}
              {req.twoFactorRequired ? (
                <TextField
                  id="withdrawal-code"
                  label="Authentication code"
                  value={code}
                  onChange={(event) => {
                    setCode(event.target.value.replace(/\D/g, "").slice(0, 6));
                    setErrors((e) => ({ ...e, totpCode: undefined }));
                  }}
                  error={Boolean(errors.totpCode)}
                  helperText={errors.totpCode ?? "The 6-digit code from your authenticator app."}
                  autoComplete="one-time-code"
                  slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 6 } }}
                  sx={{ maxWidth: 280 }}
                />
              ) : null}
              <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                <Button type="submit" variant="contained" disabled={!ready || create.isPending}>
                  {create.isPending ? "Requesting…" : "Request withdrawal"}
                </Button>
                <Button component={RouterLink} to="/view-withdrawal" color="inherit">
                  My withdrawals
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}

/** `/withdrawal`: amount, fee and net, destination, requirements, 2FA code → `/invoice-wd/{id}`. */
export function WithdrawalPage() {
  const req = useQuery(requirementsQuery);
  useWalletLive();
  return (
    <Box>
      <PageHeader title="Withdrawal" subtitle="Withdraw money from your wallet to your bank account." />
      <Box sx={{ maxWidth: 720 }}>
        {req.isPending ? (
          <Skeleton variant="rounded" height={320} />
        ) : req.isError ? (
          <QueryError error={req.error} onRetry={() => void req.refetch()} />
        ) : (
          <WithdrawalForm req={req.data} />
        )}
      </Box>
    </Box>
  );
}
