import type { SvgIconComponent } from "@mui/icons-material";
import AccountBalanceWalletIcon from "@mui/icons-material/AccountBalanceWallet";
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import BadgeIcon from "@mui/icons-material/Badge";
import CandlestickChartIcon from "@mui/icons-material/CandlestickChart";
import DashboardIcon from "@mui/icons-material/Dashboard";
import HubIcon from "@mui/icons-material/Hub";
import SavingsIcon from "@mui/icons-material/Savings";
import SecurityIcon from "@mui/icons-material/Security";
import SettingsIcon from "@mui/icons-material/Settings";
import TrendingUpIcon from "@mui/icons-material/TrendingUp";
import { paths } from "../../lib/paths.ts";

export interface MenuLink {
  kind: "link";
  label: string;
  to: string;
  icon: SvgIconComponent;
}

export interface MenuGroup {
  kind: "group";
  label: string;
  icon: SvgIconComponent;
  children: { label: string; to: string }[];
}

export type MenuEntry = MenuLink | MenuGroup;

/** The side menu, in the product's order (docs/product.md §5). */
export const MEMBER_MENU: readonly MenuEntry[] = [
  { kind: "link", label: "Dashboard", to: paths.dashboard, icon: DashboardIcon },
  {
    kind: "group",
    label: "Settings",
    icon: SettingsIcon,
    children: [
      { label: "Profile", to: paths.profile },
      { label: "Bank", to: paths.dataBank },
      { label: "Password", to: paths.changePassword },
    ],
  },
  { kind: "link", label: "Security", to: paths.security, icon: SecurityIcon },
  { kind: "link", label: "KYC", to: paths.kycUser, icon: BadgeIcon },
  { kind: "link", label: "Investment", to: paths.investment, icon: TrendingUpIcon },
  {
    kind: "group",
    label: "Trade",
    icon: CandlestickChartIcon,
    children: [
      { label: "Trade", to: paths.tradeFirstPair },
      { label: "On Trade", to: paths.onTrade },
      { label: "History Trade", to: paths.historyTrade },
    ],
  },
  {
    kind: "group",
    label: "Funds",
    icon: SavingsIcon,
    children: [
      { label: "Funds Bonus", to: paths.fundsBonus },
      { label: "Funds Profit", to: paths.fundsProfit },
      { label: "Withdrawal Bonus", to: paths.withdrawalBonus },
      { label: "Withdrawal Profit", to: paths.withdrawalProfit },
    ],
  },
  {
    kind: "group",
    label: "Wallet",
    icon: AccountBalanceWalletIcon,
    children: [
      { label: "Balance", to: paths.wallet },
      { label: "Add Balance", to: paths.addBalance },
      { label: "Withdrawal", to: paths.withdrawal },
    ],
  },
  { kind: "link", label: "Network", to: paths.referrals, icon: HubIcon },
];

export const ADMIN_ENTRY: MenuLink = { kind: "link", label: "Admin", to: paths.admin, icon: AdminPanelSettingsIcon };

export function menuFor(role: "member" | "admin"): readonly MenuEntry[] {
  return role === "admin" ? [...MEMBER_MENU, ADMIN_ENTRY] : MEMBER_MENU;
}

/** Whether `pathname` is `to` or below it (`/` only matches itself). */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === paths.dashboard) return pathname === paths.dashboard;
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The groups that contain the current page, open by default. */
export function groupsContaining(pathname: string, entries: readonly MenuEntry[]): string[] {
  return entries
    .filter((entry): entry is MenuGroup => entry.kind === "group")
    .filter((group) => group.children.some((child) => isActivePath(pathname, child.to)))
    .map((group) => group.label);
}
