import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import visuallyHidden from "@mui/utils/visuallyHidden";
import { useQuery } from "@tanstack/react-query";
import { Outlet, Link as RouterLink, useLocation } from "react-router";
import { NotFound } from "../../components/NotFound.tsx";
import { useMember } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";
import { useInboxUnread } from "../chat/index.ts";
import { dashboardQuery } from "./money-api.ts";

const LINKS = [
  { label: "Dashboard", to: paths.adminDashboard },
  { label: "Members", to: paths.admin },
  { label: "Deposits", to: paths.adminDeposits, pending: "deposits" },
  { label: "Withdrawals", to: paths.adminWithdrawals, pending: "withdrawals" },
  { label: "KYC", to: paths.adminKyc, pending: "kyc" },
  { label: "Settings", to: paths.adminSettings },
  { label: "Trading", to: paths.adminTrading },
  { label: "Packages", to: paths.adminPackages },
  { label: "Investments", to: paths.adminInvestments },
  { label: "Ledger", to: paths.adminLedger },
  { label: "Audit log", to: paths.adminAudit },
  { label: "Inbox", to: paths.adminInbox, unread: true },
] as const;

const badgeSx = {
  ml: 0.75,
  px: 0.75,
  minWidth: 20,
  borderRadius: 10,
  fontSize: "0.75rem",
  lineHeight: "20px",
  bgcolor: "secondary.main",
  color: "secondary.contrastText",
} as const;

/** The sub-navigation entry of `pathname`: the longest link it is at or below (`/admin` for the rest). */
export function currentAdminLink(pathname: string): string {
  const match = LINKS.filter((l) => l.to !== paths.admin && (pathname === l.to || pathname.startsWith(`${l.to}/`)));
  return match.sort((a, b) => b.to.length - a.to.length)[0]?.to ?? paths.admin;
}

/** `/admin/*`: admins only (others get the not-found page), with a small sub-navigation. */
export function AdminLayout() {
  const member = useMember();
  const { pathname } = useLocation();
  const pending = useQuery({ ...dashboardQuery, enabled: member.role === "admin" });
  const inboxUnread = useInboxUnread(member.role === "admin");
  const current = currentAdminLink(pathname);
  if (member.role !== "admin") return <NotFound />;
  return (
    <Box>
      <Box
        component="nav"
        aria-label="Admin"
        // The tabs wrap onto a second line rather than scroll: none is ever out of sight.
        sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, borderBottom: 1, borderColor: "divider", mb: 3 }}
      >
        {LINKS.map((link) => {
          const active = link.to === current;
          return (
            <Button
              key={link.to}
              component={RouterLink}
              to={link.to}
              aria-current={active ? "page" : undefined}
              color={active ? "primary" : "inherit"}
              sx={{
                borderRadius: 0,
                borderBottom: 2,
                borderColor: active ? "primary.main" : "transparent",
                px: 2,
                flexShrink: 0,
                whiteSpace: "nowrap",
              }}
            >
              {link.label}
              {"pending" in link && pending.data && pending.data.pending[link.pending] > 0 ? (
                <Box component="span" sx={badgeSx}>
                  {pending.data.pending[link.pending]}
                  <Box component="span" sx={visuallyHidden}>
                    {" "}
                    waiting
                  </Box>
                </Box>
              ) : null}
              {"unread" in link && inboxUnread > 0 ? (
                <Box component="span" sx={badgeSx}>
                  {inboxUnread}
                  <Box component="span" sx={visuallyHidden}>
                    {" "}
                    unread
                  </Box>
                </Box>
              ) : null}
            </Button>
          );
        })}
      </Box>
      <Outlet />
    </Box>
  );
}
