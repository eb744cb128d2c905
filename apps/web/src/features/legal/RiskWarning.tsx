import { Trans } from "@lingui/react/macro";
import Link from "@mui/material/Link";
import type { SxProps, Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { paths } from "../../lib/paths.ts";

/**
 * The short risk warning a regulated platform shows where people trade and register: one line in
 * the page's flow (never over the order bar), with the way to the full disclosure.
 */
export function RiskWarning({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Typography
      variant="body2"
      role="note"
      data-testid="risk-warning"
      sx={[
        {
          color: "text.secondary",
          borderInlineStart: 3,
          borderColor: "warning.main",
          px: 1.5,
          py: 0.5,
          fontSize: 13,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Trans>
        Trading carries a high risk: you can lose the whole stake of every contract.{" "}
        <Link component={RouterLink} to={paths.riskDisclosure}>
          Read the risk disclosure
        </Link>
      </Trans>
    </Typography>
  );
}
