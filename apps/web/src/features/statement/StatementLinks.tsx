import { Trans } from "@lingui/react/macro";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router";
import { paths } from "../../lib/paths.ts";

/** The way to the statement among the profile's account settings. */
export function StatementButton() {
  return (
    <Button component={RouterLink} to={paths.statement} variant="outlined" startIcon={<ReceiptLongIcon />}>
      <Trans>Statement</Trans>
    </Button>
  );
}

/** "Statement · Profit table": links placed under a history. */
export function StatementLinks() {
  return (
    <>
      <Link component={RouterLink} to={paths.statement}>
        <Trans>Statement</Trans>
      </Link>
      {" · "}
      <Link component={RouterLink} to={paths.profitTable}>
        <Trans>Profit table</Trans>
      </Link>
    </>
  );
}
