import { API, OPTIONAL_EMAIL_KINDS } from "@helio/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, type Mock, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { stubNotificationsApi } from "../notifications/test-api.ts";
import { EmailNotificationsSection } from "./EmailNotificationsSection.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const puts = (api: ReturnType<typeof stubNotificationsApi>) =>
  api.calls.filter((call) => call.url === API.notificationPreferences && call.method === "PUT").map((c) => c.body);

describe("EmailNotificationsSection", () => {
  it("has one named switch per optional kind, as the server has them, and says security mail is always sent", async () => {
    stubNotificationsApi([], {
      "deposit.approved": true,
      "deposit.rejected": false,
      "withdrawal.paid": true,
      "withdrawal.rejected": true,
      "kyc.approved": true,
      "kyc.rejected": true,
    });
    renderWithApp(<EmailNotificationsSection />);
    expect(await screen.findByRole("switch", { name: "Deposit approved" })).toHaveProperty("checked", true);
    expect(screen.getByRole("switch", { name: "Deposit rejected" })).toHaveProperty("checked", false);
    expect(screen.getAllByRole("switch").map((s) => s.closest("label")?.textContent)).toEqual([
      "Deposit approved",
      "Deposit rejected",
      "Withdrawal paid",
      "Withdrawal rejected",
      "KYC approved",
      "KYC rejected",
    ]);
    expect(OPTIONAL_EMAIL_KINDS).toHaveLength(6);
    expect(screen.getByRole("region", { name: "E-mail notifications" })).toBeTruthy();
    expect(
      screen.getByText(
        "Security e-mails (password changed, two-factor changes, sign-ins from a new device, bank account changed, support opened your account) are always sent.",
      ),
    ).toBeTruthy();
  });

  it("saves each switch as it changes, sending only that kind", async () => {
    const api = stubNotificationsApi([]);
    renderWithApp(<EmailNotificationsSection />);
    const approved = await screen.findByRole("switch", { name: "Deposit approved" });
    fireEvent.click(approved);
    await waitFor(() => expect(puts(api)).toEqual([{ email: { "deposit.approved": false } }]));
    expect(approved).toHaveProperty("checked", false);

    fireEvent.click(screen.getByRole("switch", { name: "KYC rejected" }));
    fireEvent.click(screen.getByRole("switch", { name: "Deposit approved" }));
    await waitFor(() =>
      expect(puts(api)).toEqual([
        { email: { "deposit.approved": false } },
        { email: { "kyc.rejected": false } },
        { email: { "deposit.approved": true } },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Deposit approved" })).toHaveProperty("checked", true),
    );
    expect(screen.getByRole("switch", { name: "KYC rejected" })).toHaveProperty("checked", false);
  });

  it("moves a switch at once, and puts it back and says so when the server refuses", async () => {
    stubNotificationsApi([]);
    const fetch = globalThis.fetch as Mock<(url: string, init?: RequestInit) => Promise<Response>>;
    const answer = fetch.getMockImplementation();
    let refuse = () => {};
    fetch.mockImplementation((url: string, init?: RequestInit) =>
      init?.method === "PUT"
        ? new Promise<Response>((resolve) => {
            refuse = () =>
              resolve(
                new Response(JSON.stringify({ error: { code: "INTERNAL", message: "Try again later." } }), {
                  status: 500,
                }),
              );
          })
        : (answer as NonNullable<typeof answer>)(url, init),
    );
    renderWithApp(<EmailNotificationsSection />);
    fireEvent.click(await screen.findByRole("switch", { name: "Withdrawal paid" }));
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Withdrawal paid" })).toHaveProperty("checked", false),
    );
    refuse();
    expect(await screen.findByText("Not saved: Try again later.")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Withdrawal paid" })).toHaveProperty("checked", true);
  });
});
