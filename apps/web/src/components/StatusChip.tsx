import type { DepositStatus, InvestmentStatus, KycStatus, WithdrawalStatus } from "@helio/shared";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";

export type MoneyStatus = DepositStatus | WithdrawalStatus | KycStatus | InvestmentStatus;

export type ChipColor = "default" | "info" | "success" | "warning" | "error";
const STATUS: Record<MoneyStatus, { label: MessageDescriptor; color: ChipColor }> = {
  awaiting_payment: { label: msg`Awaiting payment`, color: "info" },
  unconfirmed: { label: msg`Confirm by e-mail`, color: "info" },
  proof_submitted: { label: msg`Proof submitted`, color: "warning" },
  approved: { label: msg`Approved`, color: "success" },
  rejected: { label: msg`Rejected`, color: "error" },
  expired: { label: msg`Expired`, color: "default" },
  pending: { label: msg`Pending`, color: "warning" },
  cancelled: { label: msg`Cancelled`, color: "default" },
  not_submitted: { label: msg`Not submitted`, color: "default" },
  active: { label: msg`Active`, color: "info" },
  matured: { label: msg`Matured`, color: "success" },
};

export function statusLabel(status: MoneyStatus): string {
  return i18n._(STATUS[status].label);
}

/** An outlined chip whose words are in its colour: a status or a result at a glance. */
export function ToneChip({
  label,
  color,
  size = "small",
}: {
  label: string;
  color: ChipColor;
  size?: "small" | "medium";
}) {
  return (
    <Chip
      label={label}
      size={size}
      variant="outlined"
      sx={(theme) => {
        // The palette's main colours are too light for small text on white (and too dark on the
        // dark background): the darker shade in light mode, the lighter one in dark mode.
        const shade =
          color === "default"
            ? theme.palette.text.secondary
            : theme.palette.mode === "light"
              ? theme.palette[color].dark
              : theme.palette[color].light;
        return { fontWeight: 600, color: shade, borderColor: shade };
      }}
    />
  );
}

/** The status of a deposit, withdrawal, KYC or investment, in words and colour. */
export function StatusChip({ status, size = "small" }: { status: MoneyStatus; size?: "small" | "medium" }) {
  const { i18n } = useLingui();
  return <ToneChip label={i18n._(STATUS[status].label)} color={STATUS[status].color} size={size} />;
}

/** A record's status beside its heading, announced when it changes while the page is open. */
export function LiveStatusChip({ status }: { status: MoneyStatus }) {
  return (
    <Box aria-live="polite">
      <StatusChip status={status} size="medium" />
    </Box>
  );
}
