import { isExampleTransferInstructions } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import type { SxProps, Theme } from "@mui/material/styles";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { paths } from "../../lib/paths.ts";
import { adminSettingsQuery } from "./money-api.ts";

/**
 * While the saved transfer instructions are still the example Helio ships with, every new deposit
 * invoice sends members to an account that is not the company's: say so until an admin sets them.
 * `link` leads to the settings (on the dashboard; the settings page has the fields below it).
 */
export function ExampleInstructionsAlert({ link = false, sx }: { link?: boolean; sx?: SxProps<Theme> }) {
  const settings = useQuery(adminSettingsQuery);
  if (!settings.data || !isExampleTransferInstructions(settings.data.transferInstructions)) return null;
  const { bankName, accountNumber } = settings.data.transferInstructions;
  return (
    <Alert severity="warning" sx={sx}>
      Deposit invoices still name the example account Helio ships with ({bankName}, {accountNumber}): members would pay
      into an account that is not yours.{" "}
      {link ? (
        <Link component={RouterLink} to={paths.adminSettings}>
          Set the company's transfer instructions
        </Link>
      ) : (
        "Set the company's bank account below"
      )}{" "}
      before members deposit.
    </Alert>
  );
}
