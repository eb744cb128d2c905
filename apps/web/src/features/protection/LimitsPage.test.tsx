import { API, fromCents, jsonText, type MemberLimits } from "@helio/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { LimitsPage } from "./LimitsPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An answer as the API writes it: amounts and limit figures (bigint here) as strings of digits. */
const json = (body: unknown, status = 200) =>
  new Response(jsonText(body), { status, headers: { "Content-Type": "application/json" } });

const limits: MemberLimits = {
  limits: [
    { key: "stakeMax", value: fromCents(5_000), pending: null, used: null },
    {
      key: "stake24h",
      value: fromCents(10_000),
      pending: { value: fromCents(20_000), effectiveAt: "2026-03-02T10:00:00.000Z" },
      // 25.50000001 USD: what is left is 74.49999999 USD, shown to the cent.
      used: fromCents(2_550) + 1n,
    },
    { key: "openContracts", value: 5n, pending: null, used: 2n },
  ],
  sessionStartedAt: "2026-03-01T10:00:00.000Z",
};

/** Answers the limits (and their change, with the same limits); every PUT body is kept as sent. */
function stubApi() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, "http://localhost").pathname;
      if (path === API.protectionLimits && init?.method === "PUT") {
        bodies.push(JSON.parse(String(init.body)));
        return json(limits);
      }
      if (path === API.protectionLimits) return json(limits);
      if (path === API.settings) return json({ menuContact: true, rates: [] });
      return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  return bodies;
}

describe("LimitsPage", () => {
  it("shows each limit with what is used and left, and sends a money limit in microcents, a count as a number", async () => {
    const bodies = stubApi();
    renderWithApp(<LimitsPage />);
    const largest = await screen.findByRole("region", { name: "Largest stake of one contract" });
    expect(within(largest).getByText("50.00 USD")).toBeTruthy();
    const stakes = screen.getByRole("region", { name: "Total stakes over 24 hours" });
    expect(stakes.textContent).toContain("100.00 USD");
    expect(stakes.textContent).toContain("Used: 25.50 USD · Left: 74.50 USD");
    expect(stakes.textContent).toContain("Rises to 200.00 USD on");
    const contracts = screen.getByRole("region", { name: "Open contracts at once" });
    expect(contracts.textContent).toContain("Used: 2 contracts · Left: 3 contracts");

    fireEvent.change(within(largest).getByLabelText("New limit"), { target: { value: "12.50" } });
    fireEvent.click(within(largest).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(bodies).toEqual([{ limit: "stakeMax", value: "1250000000" }]));
    fireEvent.change(within(contracts).getByLabelText("New limit"), { target: { value: "3" } });
    fireEvent.click(within(contracts).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ limit: "openContracts", value: 3 });
  });

  it("refuses an amount below a cent or with a third decimal, and sends nothing", async () => {
    const bodies = stubApi();
    renderWithApp(<LimitsPage />);
    const largest = await screen.findByRole("region", { name: "Largest stake of one contract" });
    fireEvent.change(within(largest).getByLabelText("New limit"), { target: { value: "0.001" } });
    fireEvent.click(within(largest).getByRole("button", { name: "Save" }));
    expect(await within(largest).findByText("Enter an amount in USD, at least 0.01")).toBeTruthy();
    expect(bodies).toEqual([]);
  });
});
