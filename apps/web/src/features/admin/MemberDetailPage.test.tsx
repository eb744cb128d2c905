import { API, fromCents } from "@helio/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDateTime } from "../../lib/format.ts";
import { paths, routePatterns } from "../../lib/paths.ts";
import { renderWithApp } from "../../test/render.tsx";
import { MemberDetailPage } from "./MemberDetailPage.tsx";

/** An amount as the API carries it: microcents, as a string of digits. */
const apiCents = (cents: number) => String(fromCents(cents));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const member = {
  uid: "u_42",
  fullName: "Ada Lovelace",
  firstName: "Ada",
  lastName: "Lovelace",
  userName: "ada",
  email: "ada@example.com",
  emailVerified: true,
  role: "member",
  userTrading: true,
  tradingLocked: false,
  userBlock: false,
  userStatus: "active",
  currency: "USD",
  createdAt: "2026-01-02T03:04:05.000Z",
  photoURL: null,
  referralCode: "ada",
  referredBy: null,
  twoFactorEnabled: false,
};

const contract = {
  userId: member.uid,
  member: { fullName: member.fullName, userName: member.userName },
  payoutPercent: 85,
  durationSeconds: 30,
  exitPrice: null,
  payoutMicrocents: null,
  result: null,
  settledAt: null,
};
/** Newest first, as the server answers: an open Real contract, then a settled Free one that won. */
const trades = [
  {
    ...contract,
    id: "c2",
    symbol: "BTC",
    direction: "up",
    amountMicrocents: apiCents(1_000),
    account: "wallet",
    entryPrice: "95000.00",
    entryAt: "2026-03-02T10:00:00.000Z",
    expiresAt: "2026-03-02T10:00:30.000Z",
    status: "open",
    createdAt: "2026-03-02T10:00:00.000Z",
  },
  {
    ...contract,
    id: "c1",
    symbol: "ETH",
    direction: "down",
    amountMicrocents: apiCents(2_000),
    account: "demo",
    durationSeconds: 300,
    entryPrice: "3500.00",
    entryAt: "2026-03-01T09:00:00.000Z",
    expiresAt: "2026-03-01T09:05:00.000Z",
    status: "settled",
    result: "win",
    exitPrice: "3490.00",
    payoutMicrocents: apiCents(3_700),
    settledAt: "2026-03-01T09:05:00.000Z",
    createdAt: "2026-03-01T09:00:00.000Z",
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The member's page in the back office, at its address. */
function renderMemberPage() {
  renderWithApp(
    <Routes>
      <Route path={routePatterns.adminMember} element={<MemberDetailPage />} />
    </Routes>,
    { path: paths.adminMember(member.uid) },
  );
}

describe("MemberDetailPage", () => {
  it("lists the member's trades, newest first, paged, in a Trades card", async () => {
    const asked: URLSearchParams[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const [path, query = ""] = url.split("?");
        if (path === API.adminMember(member.uid)) return json(member);
        if (path === API.adminTrades) {
          const params = new URLSearchParams(query);
          asked.push(params);
          const page = Number(params.get("page"));
          return json({ items: page === 1 ? trades : [], total: 12, page, pageSize: Number(params.get("pageSize")) });
        }
        // The page's other cards are not what this test reads.
        return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
      }),
    );
    renderMemberPage();

    const card = await screen.findByRole("region", { name: "Trades" });
    const table = within(card).getByRole("table", { name: "Trades of Ada Lovelace" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3));
    // Only this member's, from the back office's contracts list; no member column on their own page.
    expect(asked[0]?.get("uid")).toBe(member.uid);
    expect(asked[0]?.get("status")).toBeNull();
    expect(asked[0]?.get("page")).toBe("1");
    expect(asked[0]?.get("pageSize")).toBe("10");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Contract", "Mode", "Stake", "Result", "Payout", "Entry / exit", "Opened / expires"]);

    const [, open, won] = within(table).getAllByRole("row");
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(cells(open)).toEqual([
      "BTC/USDT Up85% · 30 s",
      "Real",
      "10.00 USD",
      "Open",
      "—",
      "95,000.00—",
      `${formatDateTime(trades[0]?.entryAt)}${formatDateTime(trades[0]?.expiresAt)}`,
    ]);
    expect(cells(won)).toEqual([
      "ETH/USDT Down85% · 5 m",
      "Free",
      "20.00 USD",
      "Win",
      "37.00 USD",
      "3,500.003,490.00",
      `${formatDateTime(trades[1]?.entryAt)}${formatDateTime(trades[1]?.expiresAt)}`,
    ]);
    expect(within(card).getByRole("link", { name: "See on the Trading page" }).getAttribute("href")).toBe(
      `${paths.adminTrading}?uid=${member.uid}`,
    );

    // Paged like the page's other lists.
    expect(within(card).getByText("1–10 of 12")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(asked.at(-1)?.get("page")).toBe("2"));
    expect(asked.at(-1)?.get("uid")).toBe(member.uid);
    expect(await within(card).findByText("11–12 of 12")).toBeTruthy();
  });

  it("says so when the member has no trades", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const path = url.split("?")[0];
        if (path === API.adminMember(member.uid)) return json(member);
        if (path === API.adminTrades) return json({ items: [], total: 0, page: 1, pageSize: 10 });
        return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
      }),
    );
    renderMemberPage();
    const card = await screen.findByRole("region", { name: "Trades" });
    expect(await within(card).findByText("No trades yet.")).toBeTruthy();
  });
});
