import { type BankAccount, bankAccountInputSchema } from "@helio/shared";
import type { z } from "@helio/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { DetailList } from "../../components/DetailList.tsx";
import { FormStack } from "../../components/FormLayout.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PromptDialog } from "../../components/PromptDialog.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { fieldProps } from "../../lib/form.ts";
import { formatDateTime } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";
import { bankQuery, useSaveBank } from "./api.ts";
import { bankDetails, maskedPreview } from "./model.ts";

type BankForm = z.input<typeof bankAccountInputSchema>;
const FIELDS = ["bankName", "accountHolder", "accountNumber", "swift", "branch"] as const;

function SavedAccount({ bank }: { bank: BankAccount }) {
  const { t } = useLingui();
  const holdUntil = bank.holdUntil ? formatDateTime(bank.holdUntil) : null;
  return (
    <SectionCard id="saved-heading" title={t`Your bank account`}>
      <DetailList
        columns={3}
        items={bankDetails(
          bank,
          <Box component="span" dir="ltr" sx={{ fontFamily: "monospace" }}>
            {bank.accountNumberMasked}
          </Box>,
        )}
      />
      {holdUntil ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          <Trans>This account was changed recently. For your safety, withdrawals are paused until {holdUntil}.</Trans>
        </Alert>
      ) : null}
      {bank.nameMatchesKyc === false ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <Trans>
            The account holder's name is not the name you verified (KYC). Withdrawals to it are checked by hand and may
            take longer.
          </Trans>
        </Alert>
      ) : null}
    </SectionCard>
  );
}

function BankFormCard({ bank }: { bank: BankAccount | null }) {
  const { t } = useLingui();
  const save = useSaveBank();
  const readOnly = useReadOnlyReason();
  const [pending, setPending] = useState<BankForm | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<BankForm>({
    resolver: zodResolver(bankAccountInputSchema),
    defaultValues: {
      bankName: bank?.bankName ?? "",
      accountHolder: bank?.accountHolder ?? "",
      accountNumber: "",
      swift: bank?.swift ?? "",
      branch: bank?.branch ?? "",
    },
  });
  const preview = maskedPreview(watch("accountNumber") ?? "");
  const masked = bank?.accountNumberMasked;

  // Checked here first; the password dialog then sends it (the server checks again).
  const onValid = handleSubmit((values) => {
    setFormError(null);
    setSaved(false);
    setPending(values);
  });

  const confirm = async (password: string): Promise<void> => {
    if (!pending) return;
    try {
      const answer = await save.mutateAsync({ ...pending, password });
      const b = answer.bank;
      reset({
        bankName: b?.bankName ?? "",
        accountHolder: b?.accountHolder ?? "",
        accountNumber: "",
        swift: b?.swift ?? "",
        branch: b?.branch ?? "",
      });
      setPending(null);
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        // A wrong password stays in the dialog, which shows it on its field.
        if (error.fields.some((f) => f.field === "password")) throw error;
        setPending(null);
        const unplaced: string[] = [];
        for (const f of error.fields) {
          if ((FIELDS as readonly string[]).includes(f.field)) {
            setError(f.field as (typeof FIELDS)[number], { type: "server", message: f.message });
          } else unplaced.push(f.message);
        }
        if (unplaced.length) setFormError(unplaced.join(" "));
        return;
      }
      setPending(null);
      setFormError(errorMessage(error));
    }
  };

  return (
    <SectionCard id="form-heading" title={bank ? t`Change bank account` : t`Add your bank account`}>
      <FormStack onSubmit={onValid} error={formError}>
        {saved ? (
          <Alert severity="success" role="status">
            <Trans>Your bank account was saved.</Trans>
          </Alert>
        ) : null}
        <TextField label={t`Bank name`} autoComplete="off" {...fieldProps(register("bankName"), errors.bankName)} />
        <TextField
          label={t`Account holder`}
          autoComplete="name"
          {...fieldProps(
            register("accountHolder"),
            errors.accountHolder,
            t`The name on the account, as your bank has it.`,
          )}
        />
        <TextField
          label={t`Account number`}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: "characters" } }}
          {...fieldProps(
            register("accountNumber"),
            errors.accountNumber,
            preview
              ? t`Will be shown as ${preview}.`
              : masked
                ? t`Enter the full number again (now ${masked}).`
                : t`Letters and digits (an IBAN works too). Shown masked once saved.`,
          )}
        />
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          <TextField
            label={t`SWIFT/BIC (optional)`}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: "characters" } }}
            {...fieldProps(register("swift"), errors.swift, t`8 or 11 characters.`)}
          />
          <TextField
            label={t`Branch (optional)`}
            autoComplete="off"
            {...fieldProps(register("branch"), errors.branch)}
          />
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button type="submit" variant="contained" disabled={save.isPending || Boolean(readOnly)}>
            <Trans>Save</Trans>
          </Button>
          <ReadOnlyNote reason={readOnly} />
        </Box>
      </FormStack>
      <PromptDialog
        open={pending !== null}
        title={t`Confirm with your password`}
        message={
          bank
            ? t`Your withdrawals will be paid to the new account. For your safety they are paused for a while after a change, and we e-mail you about it. Enter your password to save it.`
            : t`Your withdrawals will be paid to this account. Enter your password to save it.`
        }
        input={{ kind: "password" }}
        confirmLabel={t`Save bank account`}
        onSubmit={confirm}
        onClose={() => setPending(null)}
      />
    </SectionCard>
  );
}

/** `/data-bank` (menu label Bank): the account withdrawals are paid to; saving asks for the password. */
export function BankPage() {
  const { t } = useLingui();
  const bank = useQuery(bankQuery);
  return (
    <Box>
      <PageHeader title={t`Bank`} subtitle={t`Withdrawals are paid to this bank account.`} />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <QueryState query={bank} height={240}>
          {({ bank: saved }) => (
            <>
              {saved ? <SavedAccount bank={saved} /> : null}
              <BankFormCard bank={saved} />
            </>
          )}
        </QueryState>
        <Typography variant="body2">
          <Link component={RouterLink} to={paths.withdrawal}>
            <Trans>Go to withdrawal</Trans>
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
