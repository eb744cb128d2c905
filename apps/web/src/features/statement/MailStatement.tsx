import type { MemberAccount } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import MailIcon from "@mui/icons-material/Mail";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { SectionCard } from "../../components/SectionCard.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useMailStatement } from "./api.ts";
import { closedMonths } from "./model.ts";

/** Asks for the statement of a month that has ended, by mail (its figures and a link to its PDF). */
export function MailStatement({ account }: { account: MemberAccount }) {
  const { t } = useLingui();
  const months = closedMonths(new Date());
  const [month, setMonth] = useState(months[0] ?? "");
  const mail = useMailStatement();
  return (
    <SectionCard id="mail-statement" title={t`Statement by mail`}>
      <Typography sx={{ mb: 2 }}>
        <Trans>We mail the statement of a month that has ended to your address, with a link to its PDF.</Trans>
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <SelectField
          label={t`Month`}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          options={months.map((m) => ({ value: m, label: m }))}
          sx={{ minWidth: 180 }}
        />
        <Button
          variant="contained"
          startIcon={<MailIcon />}
          disabled={!month || mail.isPending}
          onClick={() => mail.mutate({ month, account })}
        >
          <Trans>Mail me this statement</Trans>
        </Button>
      </Stack>
      {mail.isSuccess ? (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          <Trans>
            The statement for {month} is on its way to {mail.data.to}.
          </Trans>
        </Alert>
      ) : null}
      {mail.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(mail.error)}
        </Alert>
      ) : null}
    </SectionCard>
  );
}
