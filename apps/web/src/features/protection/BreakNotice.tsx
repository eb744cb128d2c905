import { useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "../../lib/format.ts";
import { useMember } from "../../lib/member.tsx";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { breakQuery } from "./api.ts";

/**
 * On the screens a break closes (trade, deposits, packages): that the member is on a timeout or
 * self-excluded, and until when. `realOnly`: shown only while the member trades Real money.
 */
export function BreakNotice({ realOnly = false }: { realOnly?: boolean }) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const member = useMember();
  const status = useQuery(breakQuery);
  const current = status.data?.current;
  if (!current || (realOnly && !member.userTrading)) return null;
  const until = formatDateTime(current.endsAt, { locale });
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {current.kind === "exclusion"
        ? t`You have excluded yourself until ${until}: no Real trades, deposits or packages until then.`
        : t`You are on a timeout until ${until}: no Real trades, deposits or packages until then.`}
    </Alert>
  );
}
