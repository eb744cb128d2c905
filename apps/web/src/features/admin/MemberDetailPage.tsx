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
import { formatDate } from "../../lib/format.ts";
import { useMember } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";
import { memberChatIdFor } from "../chat/index.ts";
import { AuditTable } from "./AuditTable.tsx";
import {
  type AdminMemberDetail,
  memberQuery,
  type StatusAction,
  useImpersonate,
  useSetMemberStatus,
  useSetTradingMode,
} from "./api.ts";
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
  const impersonate = useImpersonate(member.uid);
  const [action, setAction] = useState<StatusAction | null>(null);
  const [reason, setReason] = useState("");
  const [confirmTrading, setConfirmTrading] = useState(false);
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

  const signInAs = () => {
    setMessage(null);
    impersonate.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => setMessage({ kind: "error", text: errorMessage(error) }),
    });
  };

  const text = action ? ACTION_TEXT[action] : null;

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
        {member.userBlock ? (
          <Button variant="outlined" onClick={() => openAction("unblock")} disabled={self}>
            Unblock
          </Button>
        ) : (
          <Button variant="outlined" color="warning" onClick={() => openAction("block")} disabled={self}>
            Block
          </Button>
        )}
        {banned ? (
          <Button variant="outlined" onClick={() => openAction("unban")} disabled={self}>
            Unban
          </Button>
        ) : (
          <Button variant="outlined" color="error" onClick={() => openAction("ban")} disabled={self}>
            Ban
          </Button>
        )}
        <Button variant="outlined" onClick={() => setConfirmTrading(true)}>
          {member.userTrading ? "Switch to Free" : "Switch to Real"}
        </Button>
        <Button
          variant="contained"
          startIcon={<LoginIcon />}
          onClick={signInAs}
          disabled={self || impersonate.isPending || banned || member.userBlock}
        >
          {impersonate.isPending ? "Opening…" : "Sign in as member"}
        </Button>
        {member.role === "admin" ? null : (
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
    </SectionCard>
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
        <Actions member={m} />
        <MemberMoneySection uid={m.uid} fullName={m.fullName} />
        <MemberTrades uid={m.uid} fullName={m.fullName} />
        <MemberInvestmentsSection uid={m.uid} fullName={m.fullName} />
        <MemberProtectionSection uid={m.uid} fullName={m.fullName} />
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
      </Stack>
    </Box>
  );
}
