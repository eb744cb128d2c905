import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { paths } from "../../lib/paths.ts";
import type { IconName } from "../frame/icon-paths.ts";

export interface MenuLink {
  kind: "link";
  label: MessageDescriptor;
  to: string;
  icon: IconName;
}

export interface MenuGroup {
  kind: "group";
  label: MessageDescriptor;
  icon: IconName;
  children: { label: MessageDescriptor; to: string }[];
}

export type MenuEntry = MenuLink | MenuGroup;

/** The side menu, in the product's order (docs/product.md §5). */
export const MEMBER_MENU: readonly MenuEntry[] = [
  { kind: "link", label: msg`Dashboard`, to: paths.dashboard, icon: "Dashboard" },
  {
    kind: "group",
    label: msg`Settings`,
    icon: "Settings",
    children: [
      { label: msg`Profile`, to: paths.profile },
      { label: msg`Bank`, to: paths.dataBank },
      { label: msg`Password`, to: paths.changePassword },
    ],
  },
  { kind: "link", label: msg`Security`, to: paths.security, icon: "Security" },
  { kind: "link", label: msg`KYC`, to: paths.kycUser, icon: "Badge" },
  { kind: "link", label: msg`Investment`, to: paths.investment, icon: "TrendingUp" },
  {
    kind: "group",
    label: msg`Trade`,
    icon: "CandlestickChart",
    children: [
      { label: msg`Trade`, to: paths.tradeFirstPair },
      { label: msg`On Trade`, to: paths.onTrade },
      { label: msg`History Trade`, to: paths.historyTrade },
    ],
  },
  {
    kind: "group",
    label: msg`Funds`,
    icon: "Savings",
    children: [
      { label: msg`Funds Bonus`, to: paths.fundsBonus },
      { label: msg`Funds Profit`, to: paths.fundsProfit },
      { label: msg`Withdrawal Bonus`, to: paths.withdrawalBonus },
      { label: msg`Withdrawal Profit`, to: paths.withdrawalProfit },
    ],
  },
  {
    kind: "group",
    label: msg`Wallet`,
    icon: "AccountBalanceWallet",
    children: [
      { label: msg`Balance`, to: paths.wallet },
      { label: msg`Add Balance`, to: paths.addBalance },
      { label: msg`Withdrawal`, to: paths.withdrawal },
    ],
  },
  { kind: "link", label: msg`Network`, to: paths.referrals, icon: "Hub" },
];

export const ADMIN_ENTRY: MenuLink = { kind: "link", label: msg`Admin`, to: paths.admin, icon: "AdminPanelSettings" };

export function menuFor(role: "member" | "admin"): readonly MenuEntry[] {
  return role === "admin" ? [...MEMBER_MENU, ADMIN_ENTRY] : MEMBER_MENU;
}

/** Whether `pathname` is `to` or below it (`/` only matches itself). */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === paths.dashboard) return pathname === paths.dashboard;
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The groups that contain the current page, open by default (by their labels' message ids). */
export function groupsContaining(pathname: string, entries: readonly MenuEntry[]): string[] {
  return entries
    .filter((entry): entry is MenuGroup => entry.kind === "group")
    .filter((group) => group.children.some((child) => isActivePath(pathname, child.to)))
    .map((group) => groupKey(group));
}

/** A group's identity, the same in every language. */
export function groupKey(group: MenuGroup): string {
  return group.label.id ?? "";
}
