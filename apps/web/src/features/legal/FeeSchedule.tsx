import { type FeeSchedule as Fees, formatMoney } from "@helio/shared";
import { useLingui } from "@lingui/react/macro";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { useFormatLocale } from "../../lib/use-locale.ts";

/** The fee schedule as the settings hold it now (USD, the currency every amount is kept in). */
export function FeeSchedule({ fees }: { fees: Fees }) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const usd = (microcents: bigint) => formatMoney(microcents, "USD", 1, locale);
  const percent = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  const feePercent = percent(fees.withdrawalFeeBps / 100);
  const flat = usd(fees.withdrawalFeeFlatMicrocents);
  const payout = percent(fees.tradePayoutPercentDefault);
  const rows: [string, string][] = [
    [t`Deposit fee`, t`None`],
    [t`Smallest deposit`, usd(fees.depositMinMicrocents)],
    [
      t`Withdrawal fee`,
      fees.withdrawalFeeFlatMicrocents > 0n
        ? t`${feePercent} % of the amount + ${flat}`
        : t`${feePercent} % of the amount`,
    ],
    [
      t`Withdrawal, smallest and largest`,
      `${usd(fees.withdrawalMinMicrocents)} – ${usd(fees.withdrawalMaxMicrocents)}`,
    ],
    [
      t`Stake of one contract, smallest and largest`,
      `${usd(fees.tradeMinMicrocents)} – ${usd(fees.tradeMaxMicrocents)}`,
    ],
    [t`Payout of a winning contract`, t`${payout} % of the stake, besides the stake`],
    ...Object.entries(fees.tradePayoutPercent).map(([pair, value]): [string, string] => {
      const pairPayout = percent(value);
      return [t`Payout on ${pair}/USDT`, t`${pairPayout} % of the stake, besides the stake`];
    }),
    [t`Smallest move from a fund to the wallet`, usd(fees.fundTransferMinMicrocents)],
  ];
  return (
    <Table size="small" aria-label={t`Fee schedule`} sx={{ mt: 2 }}>
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, pl: 0 }}>
              {label}
            </TableCell>
            <TableCell sx={{ pr: 0, overflowWrap: "anywhere" }} dir="auto">
              {value}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
