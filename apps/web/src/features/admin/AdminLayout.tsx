import { STAFF_ROLE_LABELS, type StaffAccess, type StaffRole, staffMay } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import visuallyHidden from "@mui/utils/visuallyHidden";
import { useQuery } from "@tanstack/react-query";
import { Outlet, Link as RouterLink, useLocation } from "react-router";
import { NotFound } from "../../components/NotFound.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { isApiError } from "../../lib/api.ts";
import { useMember } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";
import { StaffRolesProvider, staffMeQuery } from "../../lib/staff.tsx";
import { useInboxUnread } from "../chat/index.ts";
import { dashboardQuery } from "./money-api.ts";

/** The back office's pages, each shown to the roles that may read it (`STAFF_ACCESS`). */
const LINKS = [
  { label: "Dashboard", to: paths.adminDashboard, access: "backOffice" },
  { label: "Members", to: paths.admin, access: "membersRead" },
  { label: "Deposits", to: paths.adminDeposits, access: "depositsRead", pending: "deposits" },
  { label: "Withdrawals", to: paths.adminWithdrawals, access: "withdrawalsRead", pending: "withdrawals" },
  { label: "Adjustments", to: paths.adminAdjustments, access: "adjustmentsRead" },
  { label: "KYC", to: paths.adminKyc, access: "kycRead", pending: "kyc" },
  { label: "Settings", to: paths.adminSettings, access: "settingsRead" },
  { label: "Trading", to: paths.adminTrading, access: "tradingRead" },
  { label: "Packages", to: paths.adminPackages, access: "packagesRead" },
  { label: "Investments", to: paths.adminInvestments, access: "investmentsRead" },
  { label: "Ledger", to: paths.adminLedger, access: "ledgerVerify" },
  { label: "Audit log", to: paths.adminAudit, access: "auditRead" },
  { label: "Staff", to: paths.adminStaff, access: "staffRead" },
  { label: "Inbox", to: paths.adminInbox, access: "chatRead", unread: true },
] as const satisfies readonly { label: string; to: string; access: StaffAccess; pending?: string; unread?: boolean }[];

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

/** The link of `pathname`, with the access its page needs. */
function linkOf(pathname: string) {
  const to = currentAdminLink(pathname);
  return LINKS.find((link) => link.to === to) ?? LINKS[1];
}

/**
 * `/admin/*`: staff only (others get the not-found page), with a small sub-navigation of the pages
 * their roles may read; a page outside their roles says so instead of failing on every request.
 */
export function AdminLayout() {
  const member = useMember();
  const staff = useQuery({ ...staffMeQuery, enabled: member.role === "admin" });
  if (member.role !== "admin") return <NotFound />;
  if (staff.isPending) return <LinearProgress aria-label="Loading the back office" />;
  if (staff.isError) {
    if (isApiError(staff.error) && staff.error.status === 403)
      return (
        <Alert
          severity="warning"
          sx={{ maxWidth: 640 }}
          action={
            staff.error.code === "TWO_FACTOR_SETUP_REQUIRED" ? (
              <Button component={RouterLink} to={paths.security} color="inherit" size="small">
                Set up two-factor
              </Button>
            ) : undefined
          }
        >
          {staff.error.message}
        </Alert>
      );
    return <QueryError error={staff.error} onRetry={() => void staff.refetch()} />;
  }
  return (
    <StaffRolesProvider roles={staff.data.roles}>
      <BackOffice roles={staff.data.roles} />
    </StaffRolesProvider>
  );
}

function BackOffice({ roles }: { roles: readonly StaffRole[] }) {
  const { pathname } = useLocation();
  const pending = useQuery(dashboardQuery);
  const inboxUnread = useInboxUnread(staffMay(roles, "chatRead"));
  const links = LINKS.filter((link) => staffMay(roles, link.access));
  const current = currentAdminLink(pathname);
  const allowed = staffMay(roles, linkOf(pathname).access);
  return (
    <Box>
      <Box
        component="nav"
        aria-label="Admin"
        // The tabs wrap onto a second line rather than scroll: none is ever out of sight.
        sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, borderBottom: 1, borderColor: "divider", mb: 3 }}
      >
        {links.map((link) => {
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
      {allowed ? (
        <Outlet />
      ) : (
        <Alert severity="info" sx={{ maxWidth: 640 }}>
          This page is not part of your roles ({roles.map((role) => STAFF_ROLE_LABELS[role]).join(", ")}). Ask an owner
          if you need it.
        </Alert>
      )}
    </Box>
  );
}
