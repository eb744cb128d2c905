import { type AdminKyc, ageOn, KYC_DOCUMENTS } from "@helio/shared";
import Box from "@mui/material/Box";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useStaffMay } from "../../lib/staff.tsx";
import { type KycFilter, kycQueueQuery, useKycDecision } from "./money-api.ts";
import { FilePreview, type QueueNotice, QueuePage, REJECTION_REASON } from "./Queue.tsx";
import { DecisionButtons, QueueCard, RejectDialog } from "./QueueCard.tsx";

const FILTERS: { value: KycFilter; label: string }[] = [
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All" },
];

const ID_TYPES = { passport: "Passport", national_id: "National ID", driving_licence: "Driving licence" } as const;
const DOCS = { idFront: "ID front", idBack: "ID back", selfie: "Selfie with ID" } as const;

function countryName(code: string) {
  try {
    return `${new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}

/** The submitted fields and documents of a KYC, for the queue and the member page. */
export function KycDetails({ kyc }: { kyc: Pick<AdminKyc, "submission" | "submittedAt" | "reviewedAt"> }) {
  const s = kyc.submission;
  if (!s) return null;
  return (
    <>
      <DetailList
        columns={3}
        items={[
          { label: "Legal name", value: s.legalName },
          { label: "Date of birth", value: `${s.dateOfBirth} (${ageOn(s.dateOfBirth)} years)` },
          { label: "Country", value: countryName(s.country) },
          { label: "ID type", value: ID_TYPES[s.idType] },
          { label: "ID number", value: s.idNumber },
          { label: "Submitted", value: formatDateTime(kyc.submittedAt) },
        ]}
      />
      <Box
        component="ul"
        aria-label="Documents"
        sx={{ listStyle: "none", p: 0, m: 0, mt: 2, display: "flex", gap: 2, flexWrap: "wrap" }}
      >
        {KYC_DOCUMENTS.map((doc) => {
          const file = s.documents[doc];
          return file ? (
            <Box component="li" key={doc}>
              <FilePreview url={file.url} contentType={file.contentType} label={DOCS[doc]} />
            </Box>
          ) : null;
        })}
      </Box>
    </>
  );
}

function KycItem({ kyc, onDone }: { kyc: AdminKyc; onDone: (notice: QueueNotice) => void }) {
  const decide = useKycDecision();
  const [approving, setApproving] = useState(false);
  const mayDecide = useStaffMay("kycDecide");
  const [rejecting, setRejecting] = useState(false);
  // Awaited, not per-call callbacks: the approved card can leave the list before the answer is handled.
  const approve = async () => {
    try {
      await decide.mutateAsync({ uid: kyc.member.uid, decision: "approve" });
      onDone({ kind: "success", text: `${kyc.member.fullName}'s identity approved.` });
    } catch (error) {
      onDone({ kind: "error", text: `${kyc.member.fullName}: ${errorMessage(error)}` });
    } finally {
      setApproving(false);
    }
  };
  return (
    <QueueCard
      label={`KYC of ${kyc.member.fullName}`}
      member={kyc.member}
      status={kyc.status}
      reason={kyc.reason}
      actions={
        kyc.status === "pending" && mayDecide ? (
          <DecisionButtons
            busy={decide.isPending}
            onApprove={() => setApproving(true)}
            onReject={() => setRejecting(true)}
          />
        ) : null
      }
      dialogs={
        <>
          <ConfirmDialog
            open={approving}
            title="Approve this verification?"
            message={`${kyc.member.fullName} will be able to withdraw. Check the documents match the details first.`}
            confirmLabel="Approve"
            busy={decide.isPending}
            onConfirm={approve}
            onClose={() => setApproving(false)}
          />
          <RejectDialog
            open={rejecting}
            title="Reject this verification?"
            input={{ ...REJECTION_REASON, helperText: "At least 3 characters, e.g. “The ID photo is blurred”." }}
            message="The member reads the reason and can submit again."
            onReject={async (reason) => {
              await decide.mutateAsync({ uid: kyc.member.uid, decision: "reject", reason });
              setRejecting(false);
              onDone({ kind: "success", text: `${kyc.member.fullName}'s verification rejected.` });
            }}
            onClose={() => setRejecting(false)}
          />
        </>
      }
    >
      <KycDetails kyc={kyc} />
    </QueueCard>
  );
}

/** `/admin/kyc`: identity verifications (default: pending, oldest first). */
export function KycQueuePage() {
  return (
    <QueuePage
      title="KYC"
      subtitle="Check each document against the details, then approve or reject."
      label="Verifications"
      statuses={FILTERS}
      fallback="pending"
      query={kycQueueQuery}
      renderItem={(kyc, onDone) => <KycItem key={kyc.member.uid} kyc={kyc} onDone={onDone} />}
    />
  );
}
