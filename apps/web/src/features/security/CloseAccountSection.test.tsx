import { API, fromCents } from "@helio/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { CloseAccountSection } from "./CloseAccountSection.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Answers the closure check with `blockers` and the close request with `close`. */
function serve(blockers: unknown[], close?: () => Response) {
  const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    if (String(url).startsWith(API.accountClose) && init?.method === "POST")
      return close?.() ?? json({ closed: true, closedAt: "2026-03-01T10:00:00.000Z" });
    if (String(url).startsWith(API.accountClose)) return json({ blockers });
    if (String(url).startsWith(API.settings))
      return json({ menuContact: true, depositMinMicrocents: String(fromCents(1000)), rates: [] });
    return json({});
  });
  vi.stubGlobal("fetch", fetchSpy);
  return fetchSpy;
}

describe("CloseAccountSection", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names what keeps the account open and offers no closing until it is gone", async () => {
    serve([
      { reason: "balance", account: "wallet", amountMicrocents: String(fromCents(2_500)) },
      { reason: "withdrawal", count: 2 },
      { reason: "contract", count: 1 },
    ]);
    renderWithApp(<CloseAccountSection />);
    expect(await screen.findByText("Your account cannot be closed yet:")).toBeTruthy();
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items[0]).toMatch(/^Wallet: 25\.00 USD left\. Withdraw it or move it to the wallet first\.$/);
    expect(screen.getByText("2 withdrawals are on their way.")).toBeTruthy();
    expect(screen.getByText("1 contract is open.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Close my account" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("closes with the password and the code, and says a wrong password on its field", async () => {
    let wrong = true;
    const fetchSpy = serve([], () =>
      wrong
        ? json(
            {
              error: {
                code: "VALIDATION_FAILED",
                message: "password: Wrong password",
                fields: [{ field: "password", message: "Wrong password" }],
              },
            },
            400,
          )
        : json({ closed: true, closedAt: "2026-03-01T10:00:00.000Z" }),
    );
    const { queryClient } = renderWithApp(<CloseAccountSection />, {
      member: { ...sampleMember, twoFactorEnabled: true },
    });
    const open = await screen.findByRole("button", { name: "Close my account" });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Close your account?" });
    fireEvent.change(screen.getByLabelText(/Your password/), { target: { value: "nope-nope-nope" } });
    const submit = dialog.querySelector("button[type=submit]") as HTMLButtonElement;
    // Two-factor on: the code is asked for before the button works.
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Authenticator code/), { target: { value: "123456" } });
    fireEvent.click(submit);
    expect(await screen.findByText("The password is not correct.")).toBeTruthy();
    const sent = fetchSpy.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ password: "nope-nope-nope", totpCode: "123456" });

    wrong = false;
    fireEvent.click(submit);
    // Closed: the dialog goes and the cached data of the account with it (the page goes to sign-in).
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
