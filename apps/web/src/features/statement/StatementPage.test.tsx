import { API, fromCents, jsonText, type ProfitResponse, type StatementResponse } from "@helio/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { closedMonths, statementFiltersFrom } from "./model.ts";
import { ProfitTablePage } from "./ProfitTablePage.tsx";
import { StatementPage } from "./StatementPage.tsx";

/** An answer as the API writes it: amounts (bigint here) as strings of digits. */
const json = (body: unknown, status = 200) =>
  new Response(jsonText(body), { status, headers: { "Content-Type": "application/json" } });

const statement: StatementResponse = {
  account: "wallet",
  from: null,
  to: null,
  openingMicrocents: 0n,
  closingMicrocents: fromCents(40_000),
  totals: {
    count: 2,
    inMicrocents: fromCents(50_000),
    outMicrocents: fromCents(-10_000),
    netMicrocents: fromCents(40_000),
  },
  items: [
    {
      id: 1,
      transactionId: "t1",
      kind: "deposit",
      account: "wallet",
      amountMicrocents: fromCents(50_000),
      balanceAfterMicrocents: fromCents(50_000),
      reference: null,
      memo: null,
      createdAt: "2026-10-02T10:00:00.000Z",
    },
    {
      id: 2,
      transactionId: "t2",
      kind: "trade_stake",
      account: "wallet",
      amountMicrocents: fromCents(-10_000),
      balanceAfterMicrocents: fromCents(40_000),
      reference: null,
      memo: null,
      createdAt: "2026-10-03T10:00:00.000Z",
    },
  ],
  total: 2,
  page: 1,
  pageSize: 50,
};

const profit: ProfitResponse = {
  mode: "real",
  from: null,
  to: null,
  totals: {
    count: 1,
    stakeMicrocents: fromCents(10_000),
    payoutMicrocents: fromCents(18_500),
    profitMicrocents: fromCents(8_500),
  },
  items: [
    {
      id: "c1",
      symbol: "BTC",
      direction: "up",
      mode: "real",
      openedAt: "2026-10-03T10:00:00.000Z",
      closedAt: "2026-10-03T10:00:30.000Z",
      entryPrice: "95000.00",
      exitPrice: "95100.00",
      result: "win",
      stakeMicrocents: fromCents(10_000),
      payoutMicrocents: fromCents(18_500),
      profitMicrocents: fromCents(8_500),
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
};

/** Answers the settings, the statement, the profit table and the mail; keeps every URL asked. */
function stubApi() {
  const urls: string[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      urls.push(url);
      if (url.startsWith("/api/settings")) return json({ menuContact: true, rates: [] });
      if (url.startsWith(API.statementMail)) {
        bodies.push(JSON.parse(String(init?.body)));
        return json({ to: "ada@example.test", from: "2026-10-01", until: "2026-10-31" }, 202);
      }
      if (url.startsWith(API.statement)) return json(statement);
      if (url.startsWith(API.profitTable)) return json(profit);
      return new Response("{}", { status: 404 });
    }),
  );
  return { urls, bodies };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("StatementPage", () => {
  it("shows the wallet's figures and movements, and files of the same filters", async () => {
    const { urls } = stubApi();
    renderWithApp(<StatementPage />, { path: "/statement?kind=deposit&from=2026-10-01&to=2026-10-31" });
    const summary = await screen.findByLabelText("Statement figures");
    // Net change and closing balance.
    await waitFor(() => expect(within(summary).getAllByText("400.00 USD")).toHaveLength(2));
    expect(within(summary).getByText("-100.00 USD")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Statement movements" });
    expect(within(table).getByText("+500.00 USD")).toBeTruthy();
    expect(within(table).getByText("Trade stake")).toBeTruthy();
    // Real money by default; the files carry the page's filters.
    expect(urls.find((u) => u.startsWith(`${API.statement}?`))).toContain("account=wallet");
    expect(urls.find((u) => u.startsWith(`${API.statement}?`))).toContain("kind=deposit");
    const pdf = screen.getByRole("link", { name: /Download PDF/ });
    expect(pdf.getAttribute("href")).toBe(
      `${API.statementPdf}?account=wallet&kind=deposit&from=2026-10-01&to=2026-10-31`,
    );
    expect(screen.getByRole("link", { name: /Export CSV/ }).getAttribute("href")).toContain(API.statementCsv);
  });

  it("does not ask for a period whose end is before its start, and says why", async () => {
    const { urls } = stubApi();
    renderWithApp(<StatementPage />, { path: "/statement?from=2026-10-31&to=2026-10-01" });
    expect(await screen.findByText("The start date is after the end date.")).toBeTruthy();
    expect(urls.some((u) => u.startsWith(`${API.statement}?`))).toBe(false);
    expect(screen.getByRole("link", { name: /Download PDF/ }).getAttribute("aria-disabled")).toBe("true");
  });

  it("mails the statement of the last month that has ended", async () => {
    const { bodies } = stubApi();
    renderWithApp(<StatementPage />, { path: "/statement" });
    fireEvent.click(await screen.findByRole("button", { name: "Mail me this statement" }));
    expect((await screen.findByRole("status")).textContent).toContain("on its way to ada@example.test");
    expect(bodies).toEqual([{ month: closedMonths(new Date())[0], account: "wallet" }]);
  });
});

describe("ProfitTablePage", () => {
  it("lists settled contracts with their totals, Real money by default", async () => {
    const { urls } = stubApi();
    renderWithApp(<ProfitTablePage />, { path: "/profit-table" });
    const table = await screen.findByRole("table", { name: "Settled contracts" });
    await waitFor(() => expect(within(table).getByText("BTC/USDT")).toBeTruthy());
    expect(within(table).getByText("+85.00 USD")).toBeTruthy();
    expect(within(screen.getByLabelText("Profit table totals")).getByText("185.00 USD")).toBeTruthy();
    expect(urls.find((u) => u.startsWith(`${API.profitTable}?`))).toContain("mode=real");
  });
});

describe("statement filters", () => {
  it("keep only known accounts and kinds, and whole days", () => {
    const f = statementFiltersFrom(new URLSearchParams("account=savings&kind=gift&from=2026-1-1&to=2026-10-31"));
    expect(f).toMatchObject({ account: "wallet", kind: undefined, from: undefined, to: "2026-10-31" });
    expect(closedMonths(new Date("2026-01-15T00:00:00Z"), 2)).toEqual(["2025-12", "2025-11"]);
  });
});
