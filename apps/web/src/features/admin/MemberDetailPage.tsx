import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ChatIcon from "@mui/icons-material/ChatBubbleOutlineOutlined";
import LoginIcon from "@mui/icons-material/Login";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { MemberAvatar } from "../../components/MemberAvatar.tsx";
import { ModeBadge } from "../../components/ModeBadge.tsx";
import { NotFound } from "../../components/NotFound.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { errorMessage, isApiError } from "../../lib/api.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { useMember } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";
import { useStaffMay } from "../../lib/staff.tsx";
import { memberChatIdFor } from "../chat/index.ts";
import { AuditTable } from "./AuditTable.tsx";
import {
  type AdminMemberDetail,
  freezeQuery,
  memberQuery,
  type StatusAction,
  useImpersonate,
  useLiftFreeze,
  useSetMemberStatus,
  useSetTradingLock,
  useSetTradingMode,
  useTwoFactorReset,
} from "./api.ts";
import { MemberClosureNotice } from "./MemberClosureNotice.tsx";
import { MemberInvestmentsSection } from "./MemberInvestmentsSection.tsx";
import { MemberMoneySection } from "./MemberMoneySection.tsx";
import { MemberProtectionSection } from "./MemberProtectionSection.tsx";
import { MemberTrades } from "./MemberTrades.tsx";
import { MemberStatusChip } from "./StatusChip.tsx";

const ACTION_TEXT: Record<StatusAction, { title: string; message: string; confirm: string; danger: boolean }> = {
  block: {
    title: "Block member",
    message: "The member is signed out at once and cannot sign in until unblocked.",
    confirm: "Block",
    danger: true,
  },
  unblock: { title: "Unblock member", message: "The member can sign in again.", confirm: "Unblock", danger: false },
  ban: {
    title: "Ban member",
    message: "The member is signed out at once and cannot sign in until unbanned.",
    confirm: "Ban",
    danger: true,
  },
  unban: { title: "Unban member", message: "The member can sign in again.", confirm: "Unban", danger: false },
};

function Actions({ member }: { member: AdminMemberDetail }) {
  const me = useMember();
  const setStatus = useSetMemberStatus(member.uid);
  const setTrading = useSetTradingMode(member.uid);
  const setLock = useSetTradingLock(member.uid);
  const impersonate = useImpersonate(member.uid);
  const [action, setAction] = useState<StatusAction | null>(null);
  const [reason, setReason] = useState("");
  const [confirmTrading, setConfirmTrading] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const twoFactorReset = useTwoFactorReset(member.uid);
  const [confirmLock, setConfirmLock] = useState(false);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const self = me.uid === member.uid;
  const navigate = useNavigate();
  const [openingChat, setOpeningChat] = useState(false);
  const messageMember = () => {
    setMessage(null);
    setOpeningChat(true);
    memberChatIdFor(member.uid)
      .then((chatId) => navigate(paths.adminInboxChat(chatId)))
      .catch((error) => setMessage({ kind: "error", text: errorMessage(error) }))
      .finally(() => setOpeningChat(false));
  };
  const banned = member.userStatus === "banned";
  // A closure is the member's own and final: no ban or unban over it, no signing in as them.
  const closed = member.userStatus === "closed";

  const openAction = (next: StatusAction) => {
    setReason("");
    setMessage(null);
    setAction(next);
  };

  const runAction = () => {
    if (!action) return;
    const done = action;
    setStatus.mutate(
      { action: done, reason: reason.trim() || undefined },
      {
        onSuccess: () => setMessage({ kind: "success", text: `Done: ${ACTION_TEXT[done].confirm.toLowerCase()}.` }),
        onError: (error) => setMessage({ kind: "error", text: errorMessage(error) }),
        onSettled: () => setAction(null),
      },
    );
  };

  const runTrading = () => {
    setTrading.mutate(!member.userTrading, {
      onSuccess: () =>
        setMessage({ kind: "success", text: `The member now trades in ${member.userTrading ? "Free" : "Real"} mode.` }),
      onError: (error) => setMessage({ kind: "error", text: errorMessage(error) }),
      onSettled: () => setConfirmTrading(false),
    });
  };

  const runLock = () => {
    setLock.mutate(!member.tradingLocked, {
      onSuccess: () =>
        setMessage({
          kind: "success",
          text: member.tradingLocked
            ? "The lock is lifted: the member may switch to Real."
            : "The member is locked to Practice (Free).",
        }),
      onError: (error) => setMessage({ kind: "error", text: errorMessage(error) }),
      onSettled: () => setConfirmLock(false),
    });
  };

  const signInAs = () => {
    setMessage(null);
    impersonate.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => setMessage({ kind: "error", text: errorMessage(error) }),
    });
  };

  const text = action ? ACTION_TEXT[action] : null;
  const mayChangeStatus = useStaffMay("memberStatus");
  const mayChangeMode = useStaffMay("memberTradingMode");
  const mayImpersonate = useStaffMay("impersonation");
  const mayMessage = useStaffMay("chatAnswer");
  const mayResetTwoFactor = useStaffMay("twoFactorReset");
  if (!mayChangeStatus && !mayChangeMode && !mayImpersonate && !mayMessage && !mayResetTwoFactor) return null;
  const runReset = () => {
    twoFactorReset.mutate(undefined, {
      onSuccess: ({ mailedTo }) =>
        setMessage({
          kind: "success",
          text: `Mail sent to ${mailedTo}: two-factor turns off once the member confirms.`,
        }),
      onError: (error) => setMessage({ kind: "error", text: errorMessage(error) }),
      onSettled: () => setConfirmReset(false),
    });
  };

  return (
    <SectionCard title="Actions">
      {message ? (
        <Alert severity={message.kind} sx={{ mb: 2 }} onClose={() => setMessage(null)}>
          {message.text}
        </Alert>
      ) : null}
      {self ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This is your own account: block, ban and sign-in-as are not available.
        </Alert>
      ) : null}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {!mayChangeStatus ? null : member.userBlock ? (
          <Button variant="outlined" onClick={() => openAction("unblock")} disabled={self}>
            Unblock
          </Button>
        ) : (
          <Button variant="outlined" color="warning" onClick={() => openAction("block")} disabled={self}>
            Block
          </Button>
        )}
        {!mayChangeStatus || closed ? null : banned ? (
          <Button variant="outlined" onClick={() => openAction("unban")} disabled={self}>
            Unban
          </Button>
        ) : (
          <Button variant="outlined" color="error" onClick={() => openAction("ban")} disabled={self}>
            Ban
          </Button>
        )}
        {mayChangeMode ? (
          <>
            <Button
              variant="outlined"
              onClick={() => setConfirmTrading(true)}
              // Locked to Practice: lift the lock first.
              disabled={member.tradingLocked && !member.userTrading}
            >
              {member.userTrading ? "Switch to Free" : "Switch to Real"}
            </Button>
            <Button variant="outlined" onClick={() => setConfirmLock(true)} data-testid="trading-lock">
              {member.tradingLocked ? "Lift the Practice lock" : "Lock to Practice"}
            </Button>
          </>
        ) : null}
        {mayImpersonate ? (
          <Button
            variant="contained"
            startIcon={<LoginIcon />}
            onClick={signInAs}
            disabled={self || impersonate.isPending || banned || closed || member.userBlock}
          >
            {impersonate.isPending ? "Opening…" : "Sign in as member"}
          </Button>
        ) : null}
        {mayResetTwoFactor && member.twoFactorEnabled ? (
          <Button variant="outlined" onClick={() => setConfirmReset(true)}>
            Reset two-factor
          </Button>
        ) : null}
        {member.role === "admin" || !mayMessage ? null : (
          <Button variant="outlined" startIcon={<ChatIcon />} onClick={messageMember} disabled={openingChat}>
            {openingChat ? "Opening…" : "Message this member"}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={action !== null}
        title={text?.title ?? ""}
        message={text?.message ?? ""}
        confirmLabel={text?.confirm ?? "Yes"}
        confirmColor={text?.danger ? "error" : "primary"}
        busy={setStatus.isPending}
        onConfirm={runAction}
        onClose={() => setAction(null)}
      >
        <TextField
          label="Reason (optional)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={2}
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmReset}
        title="Reset two-factor"
        message="The member gets a mail with a link; two-factor turns off only when they confirm. Check who is asking first."
        confirmLabel="Send the mail"
        busy={twoFactorReset.isPending}
        onConfirm={runReset}
        onClose={() => setConfirmReset(false)}
      />
      <ConfirmDialog
        open={confirmTrading}
        title={member.userTrading ? "Switch to Free" : "Switch to Real"}
        message={
          member.userTrading
            ? "The member's new trades will use demo money."
            : "The member's new trades will use real money from the wallet."
        }
        confirmLabel="Switch"
        busy={setTrading.isPending}
        onConfirm={runTrading}
        onClose={() => setConfirmTrading(false)}
      />
      <ConfirmDialog
        open={confirmLock}
        title={member.tradingLocked ? "Lift the Practice lock" : "Lock to Practice"}
        message={
          member.tradingLocked
            ? "The member may switch to Real again from the top bar, once their wallet holds money."
            : "The member's new trades use demo money, and their mode switch says that Helio has locked it. Open contracts keep their money."
        }
        confirmLabel={member.tradingLocked ? "Lift the lock" : "Lock"}
        busy={setLock.isPending}
        onConfirm={runLock}
        onClose={() => setConfirmLock(false)}
      />
    </SectionCard>
  );
}

/** Shown while the member has frozen money out: since when, why, and the button that lifts it. */
function FreezeNotice({ uid }: { uid: string }) {
  const freeze = useQuery(freezeQuery(uid));
  const lift = useLiftFreeze(uid);
  if (!freeze.data?.frozen) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={() => lift.mutate()} disabled={lift.isPending}>
          Lift freeze
        </Button>
      }
    >
      Frozen by the member{freeze.data.since ? ` on ${formatDateTime(freeze.data.since)}` : ""}
      {freeze.data.cause === "bank.changed" ? " after a change of bank account they did not recognise" : ""}: no money
      can leave the account. Lift it once you have spoken with the member.
      {lift.isError ? ` ${errorMessage(lift.error)}` : ""}
    </Alert>
  );
}

/**
 * `/admin/members/:uid`: one member, with status and mode controls, their money, trades,
 * investments and audit trail.
 */
export function MemberDetailPage() {
  const { uid = "" } = useParams();
  const member = useQuery(memberQuery(uid));
  const [auditState, setAuditPage] = useState({ uid, page: 1, pageSize: 10 });
  // Another member opened on the same page (the referrer's link): their trail starts at page 1.
  const auditPage = auditState.uid === uid ? auditState : { ...auditState, page: 1 };
  const mayReadMoney = useStaffMay("memberMoneyRead");
  const mayReadTrades = useStaffMay("tradingRead");
  const mayReadInvestments = useStaffMay("investmentsRead");
  const mayReadAudit = useStaffMay("auditRead");

  if (member.isPending) {
    return (
      <Box aria-busy="true">
        <Skeleton variant="text" width={240} height={48} />
        <Skeleton variant="rounded" height={180} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (member.isError) {
    if (isApiError(member.error) && member.error.status === 404) return <NotFound />;
    return <QueryError error={member.error} onRetry={() => void member.refetch()} />;
  }
  const m = member.data;

  return (
    <Box>
      <Button component={RouterLink} to={paths.admin} startIcon={<ArrowBackIcon />} color="inherit" sx={{ mb: 1 }}>
        All members
      </Button>
      <PageHeader
        title={m.fullName}
        subtitle={
          <Box component="span" sx={{ display: "inline-flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            @{m.userName} <MemberStatusChip member={m} /> <ModeBadge userTrading={m.userTrading} />
            {m.role === "admin" ? <Chip label="Admin" size="small" /> : null}
          </Box>
        }
      />
      <Stack spacing={3}>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Box sx={{ display: "flex", gap: 2, alignItems: "center", mb: 2 }}>
              <MemberAvatar name={m.fullName} photoURL={m.photoURL} size={56} described />
              <Typography variant="h2" component="h2">
                Details
              </Typography>
            </Box>
            <DetailList
              columns={3}
              phoneColumns={1}
              items={[
                { label: "First name", value: m.firstName },
                { label: "Last name", value: m.lastName },
                { label: "Email", value: `${m.email} ${m.emailVerified ? "(verified)" : "(not verified)"}` },
                { label: "Display currency", value: m.currency },
                { label: "Two-factor", value: m.twoFactorEnabled ? "On" : "Off" },
                { label: "Member since", value: formatDate(m.createdAt) },
                { label: "Referral code", value: m.referralCode },
                {
                  label: "Referred by",
                  value: m.referredBy ? (
                    <Link component={RouterLink} to={paths.adminMember(m.referredBy.uid)}>
                      {m.referredBy.fullName} (@{m.referredBy.userName})
                    </Link>
                  ) : (
                    "—"
                  ),
                },
                {
                  label: "User id",
                  value: (
                    <Box component="span" sx={{ fontFamily: "monospace", fontSize: "0.85rem" }}>
                      {m.uid}
                    </Box>
                  ),
                },
              ]}
            />
          </CardContent>
        </Card>
        <MemberClosureNotice uid={m.uid} />
        <FreezeNotice uid={m.uid} />
        <Actions member={m} />
        {mayReadMoney ? <MemberMoneySection uid={m.uid} fullName={m.fullName} /> : null}
        {mayReadTrades ? <MemberTrades uid={m.uid} fullName={m.fullName} /> : null}
        {mayReadInvestments ? <MemberInvestmentsSection uid={m.uid} fullName={m.fullName} /> : null}
        {mayReadMoney ? <MemberProtectionSection uid={m.uid} fullName={m.fullName} /> : null}
        {mayReadAudit ? (
          <Box>
            <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
              Audit trail
            </Typography>
            <AuditTable
              label={`Audit trail of ${m.fullName}`}
              targetUserId={m.uid}
              hideTarget
              page={auditPage.page}
              pageSize={auditPage.pageSize}
              onPage={(page, pageSize) => setAuditPage({ uid, page, pageSize })}
            />
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}
