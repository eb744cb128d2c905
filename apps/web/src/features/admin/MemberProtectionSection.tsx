import { type MemberLimit, microcentsToDecimal } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DetailList } from "../../components/DetailList.tsx";
import { PromptDialog } from "../../components/PromptDialog.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useStaffMay } from "../../lib/staff.tsx";
import { memberProtectionQuery, useLiftBreak } from "./protection-api.ts";

const LIMIT_LABELS: Record<MemberLimit["key"], string> = {
  stakeMax: "Largest stake",
  stake24h: "Stakes, 24 hours",
  stake7d: "Stakes, 7 days",
  stake30d: "Stakes, 30 days",
  loss24h: "Net loss, 24 hours",
  loss7d: "Net loss, 7 days",
  loss30d: "Net loss, 30 days",
  openContracts: "Open contracts",
  deposit30d: "Deposits, 30 days",
  sessionMinutes: "Session length",
  free: "Also on Free money",
};

/** A limit's figure in the unit its key says (`limitFigureSchema`): contracts, minutes or microcents. */
function figure(key: MemberLimit["key"], value: bigint) {
  if (key === "free") return "yes";
  if (key === "openContracts") return `${value} contracts`;
  if (key === "sessionMinutes") return `${value} minutes`;
  return `${microcentsToDecimal(value)} USD`;
}

function limitText(limit: MemberLimit) {
  const now = limit.value === null ? "none" : figure(limit.key, limit.value);
  const used = limit.value !== null && limit.used !== null ? ` (used ${figure(limit.key, limit.used)})` : "";
  const pending = limit.pending
    ? `; ${limit.pending.value === null ? "removed" : `raised to ${figure(limit.key, limit.pending.value)}`} on ${formatDateTime(limit.pending.effectiveAt)}`
    : "";
  return `${now}${used}${pending}`;
}

/** The member's own limits, their timeout or self-exclusion, and lifting it early with a reason. */
export function MemberProtectionSection({ uid, fullName }: { uid: string; fullName: string }) {
  const protection = useQuery(memberProtectionQuery(uid));
  const lift = useLiftBreak(uid);
  const mayLift = useStaffMay("breakLift");
  const [lifting, setLifting] = useState(false);
  return (
    <SectionCard id="member-protection" title="Limits and breaks">
      {protection.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : protection.isError ? (
        <Alert severity="error">{errorMessage(protection.error)}</Alert>
      ) : (
        <Box sx={{ display: "grid", gap: 2 }}>
          {protection.data.current ? (
            <Alert
              severity="warning"
              action={
                mayLift ? (
                  <Button color="inherit" size="small" onClick={() => setLifting(true)}>
                    Lift early
                  </Button>
                ) : null
              }
            >
              {protection.data.current.kind === "exclusion" ? "Self-excluded" : "On a timeout"} until{" "}
              {formatDateTime(protection.data.current.endsAt)} (since{" "}
              {formatDateTime(protection.data.current.startedAt)})
            </Alert>
          ) : (
            <Typography sx={{ color: "text.secondary" }}>No timeout or self-exclusion in force.</Typography>
          )}
          <DetailList
            columns={3}
            items={protection.data.limits.map((limit) => ({ label: LIMIT_LABELS[limit.key], value: limitText(limit) }))}
          />
          {protection.data.breaks.length ? (
            <Box>
              <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                Breaks taken
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {protection.data.breaks.map((b) => (
                  <li key={b.id}>
                    {b.kind === "exclusion" ? "Self-exclusion" : "Timeout"} from {formatDateTime(b.startedAt)} to{" "}
                    {formatDateTime(b.endsAt)}
                    {b.liftedAt ? `, lifted ${formatDateTime(b.liftedAt)}: “${b.liftReason ?? ""}”` : ""}
                  </li>
                ))}
              </Box>
            </Box>
          ) : null}
        </Box>
      )}
      <PromptDialog
        open={lifting}
        title={`Lift the break of ${fullName}`}
        message="The member chose this break to protect themselves. Lift it only for a reason you can stand behind; it is recorded in the audit log."
        input={{ kind: "text", label: "Reason", field: "reason", minLength: 10, maxLength: 1000, multiline: true }}
        confirmLabel="Lift the break"
        confirmColor="error"
        onSubmit={async (reason) => {
          await lift.mutateAsync(reason);
          setLifting(false);
        }}
        onClose={() => setLifting(false)}
      />
    </SectionCard>
  );
}
