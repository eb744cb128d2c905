import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { errorMessage } from "../../lib/api.ts";
import { paths } from "../../lib/paths.ts";
import { InvestmentsTable } from "./InvestmentsTable.tsx";
import { memberNetworkQuery } from "./investments-api.ts";

function Network({ uid }: { uid: string }) {
  const network = useQuery(memberNetworkQuery(uid));
  if (network.isPending) return <Skeleton variant="rounded" height={120} />;
  if (network.isError) return <Alert severity="error">{errorMessage(network.error)}</Alert>;
  const n = network.data;
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          Upline
        </Typography>
        {n.upline.length === 0 ? (
          <Typography sx={{ color: "text.secondary" }}>Nobody: this member registered without a referrer.</Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {n.upline.map((u) => (
              <li key={u.level}>
                Level {u.level}:{" "}
                <Link component={RouterLink} to={paths.adminMember(u.member.uid)}>
                  {u.member.fullName} (@{u.member.userName})
                </Link>{" "}
                {u.eligible ? null : <Chip size="small" variant="outlined" label="Not eligible (blocked or banned)" />}
              </li>
            ))}
          </Box>
        )}
      </Box>
      <DetailList
        columns={3}
        items={[
          ...n.downline.map((d) => ({
            label: `Level ${d.level} downline`,
            value: (
              <>
                {d.members} members · <Money microcents={d.investedMicrocents} currency="USD" />
              </>
            ),
          })),
          {
            label: "Commissions earned",
            value: (
              <>
                {n.commissions.count} · <Money microcents={n.commissions.earnedMicrocents} currency="USD" />
              </>
            ),
          },
        ]}
      />
    </Box>
  );
}

/** A member's investments and referral network, on the back office's member page. */
export function MemberInvestmentsSection({ uid, fullName }: { uid: string; fullName: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  return (
    <>
      <SectionCard id="member-network-heading" title="Referral network">
        <Network uid={uid} />
      </SectionCard>
      <SectionCard id="member-investments-heading" title="Investments">
        <InvestmentsTable
          label={`Investments of ${fullName}`}
          filters={{ uid, ...paging }}
          hideMember
          onPage={(page, pageSize) => setPaging({ page, pageSize })}
        />
      </SectionCard>
    </>
  );
}
