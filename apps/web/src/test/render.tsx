import type { Member, StaffRole } from "@helio/shared";
import { I18nProvider } from "@lingui/react";
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { AppProviders } from "../app/app-providers.tsx";
import { i18n } from "../lib/i18n.ts";
import { MemberContext } from "../lib/member.tsx";
import { StaffRolesProvider } from "../lib/staff.tsx";

/** The app's messages around `children` (English unless a test activates another locale). */
export function WithI18n({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export const sampleMember: Member = {
  uid: "u_1",
  firstName: "Jane",
  lastName: "Doe",
  fullName: "Jane Doe",
  userName: "jane",
  email: "jane@example.com",
  emailVerified: true,
  currency: "USD",
  locale: null,
  userTrading: false,
  tradingLocked: false,
  userBlock: false,
  userStatus: "active",
  photoURL: null,
  role: "member",
  referralCode: "jane",
  twoFactorEnabled: false,
  createdAt: "2026-01-02T03:04:05.000Z",
  impersonatedBy: null,
  terms: { acceptedVersion: 1, currentVersion: 1, accepted: true },
};

/** Renders inside the app providers, a memory router and (optionally) a signed-in member. */
export function renderWithApp(
  ui: ReactNode,
  options: { path?: string; member?: Member | null; staffRoles?: readonly StaffRole[] } = {},
) {
  const { path = "/", member = sampleMember, staffRoles = ["owner"] } = options;
  const queryClient = testQueryClient();
  const tree = member ? (
    <MemberContext value={member}>
      <StaffRolesProvider roles={staffRoles}>{ui}</StaffRolesProvider>
    </MemberContext>
  ) : (
    ui
  );
  return {
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient} initialMode="light">
        <MemoryRouter initialEntries={[path]}>{tree}</MemoryRouter>
      </AppProviders>,
    ),
  };
}
