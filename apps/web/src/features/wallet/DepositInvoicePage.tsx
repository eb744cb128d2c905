import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { CopyButton } from "../../components/CopyButton.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { RecordState } from "../../components/RecordState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { TypedMoney } from "../../components/TypedMoney.tsx";
import { formatRateText } from "../../lib/amount.ts";
import { exampleText } from "../../lib/example-words.ts";
import { formatDateTime } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { useDisplayCurrency } from "../../lib/settings.ts";
import { depositQuery, useWalletLive } from "./api.ts";
import { DepositProofSection } from "./DepositProofSection.tsx";
import { DepositStatusSection } from "./DepositStatusSection.tsx";
import { InvoiceLayout } from "./invoice-parts.tsx";

/**
 * `/invoice-balance/:slug`: one deposit invoice, its transfer instructions, status (live) and proof.
 * An invoice made in the member's currency names that exact amount to transfer, with the USD it
 * credits at the rate it was quoted; one made in USD names the USD (and, for a member of another
 * currency, about what it is in theirs).
 */
export function InvoiceBalancePage() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const invoice = useQuery(depositQuery(slug));
  const display = useDisplayCurrency();
  useWalletLive();

  if (invoice.isPending || invoice.isError)
    return <RecordState query={invoice} title={t`Deposit invoice`} height={200} />;
  const d = invoice.data;
  const i = d.instructions;
  const reference = d.reference;
  // The amount the member typed in their currency is the one their bank sends, exactly.
  const local = d.local;
  const rate = local ? formatRateText(local) : "";
  return (
    <InvoiceLayout
      title={t`Deposit invoice`}
      subtitle={
        <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Trans>Reference</Trans>{" "}
          <Box
            component="span"
            dir="ltr"
            translate="no"
            sx={{ fontFamily: "monospace", fontWeight: 700, color: "text.primary" }}
          >
            {d.reference}
          </Box>
        </Box>
      }
      back={{ to: paths.invoiceBalance, label: t`All invoices` }}
    >
      <DepositStatusSection invoice={d} />
      <SectionCard id="invoice-heading" title={t`Invoice`}>
        <DetailList
          columns={3}
          items={[
            {
              label: t`Reference`,
              wide: true,
              value: (
                <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
                  <Box component="span" dir="ltr" translate="no" sx={{ fontFamily: "monospace", fontWeight: 700 }}>
                    {d.reference}
                  </Box>
                  <CopyButton value={d.reference} label={t`Copy the reference`} />
                </Box>
              ),
            },
            {
              label: t`Amount to transfer`,
              value: local ? (
                <Box>
                  <TypedMoney local={local} sx={{ fontWeight: 700 }} />
                  <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: "0.875rem" }}>
                    <Trans>
                      Credited to your wallet: <Money microcents={d.amountMicrocents} currency="USD" rate={1} /> at{" "}
                      {rate}
                    </Trans>
                  </Box>
                </Box>
              ) : (
                <Box>
                  <Money microcents={d.amountMicrocents} currency="USD" rate={1} sx={{ fontWeight: 700 }} />
                  {display.currency !== "USD" ? (
                    <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: "0.875rem" }}>
                      <Trans>
                        about <Money microcents={d.amountMicrocents} />
                      </Trans>
                    </Box>
                  ) : null}
                </Box>
              ),
            },
            {
              label: t`Expires`,
              value:
                d.status === "awaiting_payment" ? (
                  <time dateTime={d.expiresAt}>{formatDateTime(d.expiresAt)}</time>
                ) : (
                  "—"
                ),
            },
            { label: t`Created`, value: <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time> },
          ]}
        />
      </SectionCard>
      <SectionCard id="transfer-heading" title={t`Transfer instructions`} headingGap={1}>
        <Typography sx={{ mb: 2, color: "text.secondary" }}>
          {local ? (
            <Trans>
              Transfer exactly{" "}
              <strong>
                <TypedMoney local={local} />
              </strong>{" "}
              to this account and put the reference{" "}
              <strong dir="ltr" translate="no">
                {reference}
              </strong>{" "}
              in the transfer description.
            </Trans>
          ) : (
            <Trans>
              Transfer exactly the amount above to this account and put the reference{" "}
              <strong dir="ltr" translate="no">
                {reference}
              </strong>{" "}
              in the transfer description.
            </Trans>
          )}
        </Typography>
        <DetailList
          columns={3}
          items={[
            // The bank's and the holder's names are names: never translated.
            { label: t`Bank`, value: i.bankName ? <span translate="no">{i.bankName}</span> : "—" },
            { label: t`Account name`, value: i.accountName ? <span translate="no">{i.accountName}</span> : "—" },
            {
              label: t`Account number`,
              wide: true,
              value: i.accountNumber ? (
                <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
                  <Box component="span" dir="ltr" translate="no" sx={{ fontFamily: "monospace" }}>
                    {i.accountNumber}
                  </Box>
                  <CopyButton value={i.accountNumber} label={t`Copy the account number`} />
                </Box>
              ) : (
                "—"
              ),
            },
          ]}
        />
        {i.notes ? (
          <Typography sx={{ mt: 2, whiteSpace: "pre-line" }} component="p">
            {exampleText(i.notes)}
          </Typography>
        ) : null}
      </SectionCard>
      <DepositProofSection invoice={d} />
    </InvoiceLayout>
  );
}
