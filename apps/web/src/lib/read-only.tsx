import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import Typography from "@mui/material/Typography";
import { useContext } from "react";
import { MemberContext } from "./member.tsx";

/** Why a control is off while an admin has the member's account open (support view). */
export const SUPPORT_VIEW_REASON = msg`Support view: you can look, but not move money or change settings.`;

/**
 * Null, or why the member's money and settings cannot be changed from this session: an admin
 * signed in as the member sees everything and changes nothing (the server refuses it too, with
 * IMPERSONATION_READ_ONLY). Outside the signed-in pages there is no member: null.
 */
export function useReadOnlyReason(): string | null {
  const member = useContext(MemberContext);
  const { i18n } = useLingui(); // worded again when the member switches language
  return member?.impersonatedBy ? i18n._(SUPPORT_VIEW_REASON) : null;
}

/** The reason beside a control it turned off (nothing when there is none). */
export function ReadOnlyNote({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Typography variant="body2" sx={{ color: "text.secondary", alignSelf: "center" }} data-testid="read-only-note">
      {reason}
    </Typography>
  );
}
