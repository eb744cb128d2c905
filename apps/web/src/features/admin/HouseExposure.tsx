import { divideHalfEven, type HouseExposure as Exposure } from "@helio/shared";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { houseExposureQuery } from "./trading-api.ts";

type Pair = Exposure["pairs"][number];

/** How much of a cap (above zero) the worst case uses, in whole percent: computed in bigint, as money is. */
const percentUsed = (worstCase: bigint, cap: bigint) => divideHalfEven(worstCase * 100n, cap);

const side = (s: Pair["up"]) =>
  s.contracts === 0 ? (
    "—"
  ) : (
    <>
      <Money microcents={s.stakeMicrocents} />
      <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: "0.875rem" }}>
        {s.contracts} open
      </Box>
    </>
  );

const COLUMNS: Column<Pair>[] = [
  { key: "pair", header: "Pair", nowrap: true, render: (p) => `${p.symbol}/USDT` },
  { key: "up", header: "Up stakes", align: "right", render: (p) => side(p.up) },
  { key: "down", header: "Down stakes", align: "right", render: (p) => side(p.down) },
  {
    key: "worst",
    header: "Worst case",
    align: "right",
    render: (p) => <Money microcents={p.worstCasePayoutMicrocents} sx={{ fontWeight: 700 }} />,
  },
  {
    key: "cap",
    header: "Cap",
    align: "right",
    render: (p) =>
      p.capMicrocents === null ? (
        "None"
      ) : (
        <>
          <Money microcents={p.capMicrocents} />
          <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: "0.875rem" }}>
            {p.capMicrocents === 0n ? "closed" : `${percentUsed(p.worstCasePayoutMicrocents, p.capMicrocents)}% used`}
          </Box>
        </>
      ),
  },
];

/**
 * The house's exposure, live: per pair, the open Real stakes up and down, what they pay if every
 * one wins, and the pair's cap (a Real contract past it is refused).
 */
export function HouseExposure() {
  const exposure = useQuery(houseExposureQuery);
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        Worst case over every pair:{" "}
        {exposure.data ? <Money microcents={exposure.data.worstCasePayoutMicrocents} sx={{ fontWeight: 700 }} /> : "…"}
      </Typography>
      <DataTable
        label="House exposure per pair"
        columns={COLUMNS}
        rows={exposure.data?.pairs}
        rowKey={(p) => p.symbol}
        loading={exposure.isPending}
        error={exposure.error}
        onRetry={() => void exposure.refetch()}
        empty="No pairs."
      />
    </Box>
  );
}
