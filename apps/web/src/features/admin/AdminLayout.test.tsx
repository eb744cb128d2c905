import { API } from "@helio/shared";
import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths.ts";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { AdminLayout } from "./AdminLayout.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const admin = { ...sampleMember, role: "admin" as const };

/** The back office at `path`, its page a marker; `me` answers GET /api/admin/staff/me. */
function renderBackOffice(path: string, me: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const [at] = url.split("?");
      if (at === API.adminStaffMe) return me();
      if (at === API.adminDashboard) return json({}, 500);
      if (at === API.adminChats) return json({ items: [], unreadTotal: 0 });
      return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  renderWithApp(
    <Routes>
      <Route path={paths.admin} element={<AdminLayout />}>
        <Route path="*" element={<p>the page</p>} />
        <Route index element={<p>the page</p>} />
      </Route>
    </Routes>,
    { path, member: admin },
  );
}

describe("AdminLayout", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a support member the pages of support only, and says so on another", async () => {
    renderBackOffice(paths.adminDeposits, () => json({ roles: ["support"] }));
    const nav = await screen.findByRole("navigation", { name: "Admin" });
    const links = within(nav)
      .getAllByRole("link")
      .map((l) => l.textContent);
    expect(links).toEqual(["Dashboard", "Members", "Investments", "Inbox"]);
    expect(screen.getByText(/This page is not part of your roles \(Support\)/)).toBeTruthy();
    expect(screen.queryByText("the page")).toBeNull();
  });

  it("sends staff without two-factor to set it up first", async () => {
    renderBackOffice(paths.admin, () =>
      json(
        {
          error: {
            code: "TWO_FACTOR_SETUP_REQUIRED",
            message: "Turn on two-factor authentication on the Security page before using the back office.",
          },
        },
        403,
      ),
    );
    const link = await screen.findByRole("link", { name: "Set up two-factor" });
    expect(link.getAttribute("href")).toBe(paths.security);
    expect(screen.queryByRole("navigation", { name: "Admin" })).toBeNull();
  });
});
