import { type AccountLimits, API, fromCents, jsonText, type RealityCheck } from "@helio/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { liveSocket } from "../../lib/ws.ts";
import { renderWithApp } from "../../test/render.tsx";
import { AccountLimitsSection } from "./AccountLimitsSection.tsx";
import { Elapsed, RealityCheckDialog } from "./RealityCheckDialog.tsx";
import { RealitySection } from "./RealitySection.tsx";
import { nextReadIn } from "./reality-api.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An answer as the API writes it: amounts and limit figures (bigint here) as strings of digits. */
const json = (body: unknown, status = 200) =>
  new Response(jsonText(body), { status, headers: { "Content-Type": "application/json" } });

function sampleCheck(overrides: Partial<RealityCheck> = {}): RealityCheck {
  return {
    intervalMinutes: 60,
    sessionStartedAt: new Date(Date.now() - 75 * 60_000).toISOString(),
    dueAt: new Date(Date.now() - 15 * 60_000).toISOString(),
    dueInMs: 0,
    due: true,
    figures: {
      contracts: 3,
      open: 1,
      stakedMicrocents: fromCents(3_500),
      payoutMicrocents: fromCents(3_700),
      netMicrocents: fromCents(200),
    },
    ...overrides,
  };
}

/** Stubs the reality-check API (a PUT of the interval answers the check with it): `answers` are given in turn to the reads, the last one again after. */
function stubApi(answers: RealityCheck[], limits?: AccountLimits) {
  const calls: { method: string; path: string }[] = [];
  let read = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const path = new URL(url, "http://localhost").pathname;
      calls.push({ method, path });
      if (path === API.protectionRealityInterval && method === "PUT") {
        const { minutes } = JSON.parse(String(init?.body)) as { minutes: number };
        return json(sampleCheck({ due: false, dueInMs: minutes * 60_000, intervalMinutes: minutes }));
      }
      if (path === API.protectionRealityCheck && method === "POST")
        return json(sampleCheck({ due: false, dueInMs: 3_600_000 }));
      if (path === API.protectionRealityCheck) {
        const answer = answers[Math.min(read, answers.length - 1)];
        read += 1;
        return json(answer);
      }
      if (path === API.protectionAccountLimits && limits) return json(limits);
      return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  return { calls, reads: () => read };
}

describe("nextReadIn", () => {
  it("reads again just after the due time, waits while the check shows, and checks now and then while nothing is traded", () => {
    expect(nextReadIn(undefined)).toBe(false);
    expect(nextReadIn(sampleCheck({ due: true }))).toBe(false);
    expect(nextReadIn(sampleCheck({ due: false, dueInMs: 5000 }))).toBe(5250);
    expect(nextReadIn(sampleCheck({ due: false, dueInMs: 0 }))).toBe(60_000);
  });
});

describe("RealityCheckDialog", () => {
  it("shows the session's figures when the server says the check is due, and Continue acknowledges it", async () => {
    const api = stubApi([sampleCheck()]);
    renderWithApp(<RealityCheckDialog />);
    const dialog = await screen.findByRole("dialog", { name: "Reality check" });
    const text = dialog.textContent ?? "";
    expect(text).toContain("Time since sign-in1 hour 15 minutes");
    expect(text).toContain("Contracts3");
    expect(text).toContain("Total stakes35.00 USD");
    expect(text).toContain("Total payouts37.00 USD");
    expect(text).toContain("Net result+2.00 USD");
    expect(text).toContain("1 contract is still open");
    expect(within(dialog).getByRole("link", { name: "View statement" }).getAttribute("href")).toBe("/statement");
    expect(within(dialog).getByRole("link", { name: "Take a break" }).getAttribute("href")).toBe(
      "/limits#take-a-break",
    );

    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls).toContainEqual({ method: "POST", path: API.protectionRealityCheck });
  });

  it("stays closed while no check is due, and closes when another tab acknowledges it", async () => {
    const api = stubApi([sampleCheck({ due: false, dueInMs: 3_600_000 })]);
    const view = renderWithApp(<RealityCheckDialog />);
    await waitFor(() => expect(api.reads()).toBe(1));
    expect(screen.queryByRole("dialog")).toBeNull();
    view.unmount();

    const twoTabs = stubApi([sampleCheck(), sampleCheck({ due: false, dueInMs: 3_600_000 })]);
    renderWithApp(<RealityCheckDialog />);
    await screen.findByRole("dialog", { name: "Reality check" });
    act(() => liveSocket.dispatch({ type: "reality.check" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(twoTabs.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});

describe("AccountLimitsSection", () => {
  it("lists the platform's limits and the member's own with what is used and left, and reads them again after a trade", async () => {
    const limits: AccountLimits = {
      platform: [
        { key: "stakeMin", value: fromCents(100), used: null, left: null },
        { key: "openContracts", value: 20n, used: 2n, left: 18n },
        { key: "payoutPercent", value: 85n, used: null, left: null },
        { key: "withdrawalFeePercent", value: 150n, used: null, left: null },
      ],
      payouts: [{ symbol: "ETH", percent: 80 }],
      own: [
        { key: "stake24h", value: fromCents(5_000), pending: null, used: fromCents(2_000) },
        { key: "loss7d", value: null, pending: null, used: 0n },
        { key: "free", value: 1n, pending: null, used: null },
      ],
    };
    const api = stubApi([sampleCheck({ due: false })], limits);
    renderWithApp(<AccountLimitsSection />);
    const helio = await screen.findByRole("list", { name: "Set by Helio" });
    const rows = within(helio)
      .getAllByRole("listitem")
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "Smallest stake1.00 USD",
      "Open contracts at once20 contractsUsed: 2 contracts · Left: 18 contracts",
      "Payout of a winning contract85%",
      "Withdrawal fee1.5%",
    ]);
    expect(screen.getByText(/Pairs with their own payout:/).textContent).toBe("Pairs with their own payout: ETH 80%");
    const own = screen.getByRole("list", { name: "Set by you" });
    // Only the limits in force; "free" is a switch, not a limit with a figure.
    expect(
      within(own)
        .getAllByRole("listitem")
        .map((row) => row.textContent),
    ).toEqual(["Total stakes over 24 hours50.00 USDUsed: 20.00 USD · Left: 30.00 USD"]);

    const before = api.calls.filter((c) => c.path === API.protectionAccountLimits).length;
    act(() => liveSocket.dispatch({ type: "balances", balances: { wallet: fromCents(1_000) } }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === API.protectionAccountLimits).length).toBeGreaterThan(before),
    );
  });
});

describe("RealitySection", () => {
  it("shows the interval in force and saves the one chosen", async () => {
    const api = stubApi([sampleCheck({ due: false, dueInMs: 600_000, intervalMinutes: 60 })]);
    renderWithApp(<RealitySection />);
    const section = await screen.findByRole("region", { name: "Reality check" });
    await within(section).findByText("The check comes every 60 minutes.");
    await userEvent.click(within(section).getByRole("combobox", { name: "Remind me" }));
    await userEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "every 15 minutes" }));
    await userEvent.click(within(section).getByRole("button", { name: "Save" }));
    await within(section).findByText("The check comes every 15 minutes.");
    expect(api.calls).toContainEqual({ method: "PUT", path: API.protectionRealityInterval });
  });
});

describe("Elapsed", () => {
  it("says minutes under an hour, hours and minutes from one", () => {
    const said = (minutes: number) => {
      const view = renderWithApp(<Elapsed minutes={minutes} />);
      const text = view.container.textContent;
      view.unmount();
      return text;
    };
    expect([said(1), said(59), said(120)]).toEqual(["1 minute", "59 minutes", "2 hours 0 minutes"]);
  });
});
