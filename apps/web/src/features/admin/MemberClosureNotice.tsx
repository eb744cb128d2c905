import { API, adminClosureSchema } from "@helio/shared";
import Alert from "@mui/material/Alert";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "../../lib/format.ts";
import { readQuery } from "../../lib/query.ts";

const closureQuery = (uid: string) =>
  readQuery(["admin", "members", uid, "closure"] as const, API.adminMemberClosure(uid), adminClosureSchema);

/** A closed account, said once at the top of the member's page; the records below stay readable. */
export function MemberClosureNotice({ uid }: { uid: string }) {
  const closure = useQuery(closureQuery(uid));
  if (!closure.data?.closed) return null;
  const when = closure.data.closedAt ? ` on ${formatDateTime(closure.data.closedAt)}` : "";
  return (
    <Alert severity="info" data-testid="member-closed">
      The member closed their account{when}. They cannot sign in; their ledger, KYC and audit records are kept.
    </Alert>
  );
}
