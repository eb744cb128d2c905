import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { AddBalancePage } from "./AddBalancePage.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const invoice = {
  id: "d1",
  reference: "HD-7K2M9QXA",
  amountCents: 25_000,
  status: "awaiting_payment",
  instructions: { bankName: "", accountName: "", accountNumber: "", notes: "" },
  proof: null,
  reason: null,
  expiresAt: "2026-01-02T00:00:00.000Z",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  reviewedAt: null,
};

/** The deposit answers, in turn; every POST's Idempotency-Key is kept. */
function stubApi(answers: Response[]) {
  const keys: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith("/api/settings"))
        return json({ depositMinCents: 1000, menuContact: true, rates: [{ name: "IDR", value: 16_000 }] });
      if (url.startsWith("/api/deposits") && init?.method === "POST") {
        keys.push((init.headers as Record<string, string>)["Idempotency-Key"] ?? "");
        return answers.shift() ?? json({}, 500);
      }
      return new Response("{}", { status: 404 });
    }),
  );
  return keys;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AddBalancePage", () => {
  it("checks the amount in the browser, with the minimum, and shows it in the display currency", async () => {
    const keys = stubApi([]);
    renderWithApp(<AddBalancePage />, { member: { ...sampleMember, currency: "IDR" } });
    const amount = await screen.findByLabelText("Amount (USD)");
    expect(await screen.findByText("At least 10.00 USD.")).toBeTruthy();
    fireEvent.blur(amount);
    expect(await screen.findByText("Enter an amount")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "9.99" } });
    expect(await screen.findByText("The minimum deposit is 10.00 USD")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "12.345" } });
    fireEvent.click(screen.getByRole("button", { name: "Create invoice" }));
    expect(await screen.findByText("At most 2 decimals")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(amount));
    fireEvent.change(amount, { target: { value: "250" } });
    expect(await screen.findByText(/in your display currency/)).toHaveProperty(
      "textContent",
      "About 4,000,000.00 IDR in your display currency.",
    );
    expect(keys).toEqual([]);
  });

  it("keeps the Idempotency-Key until a definite answer, and puts the server's field error on the input", async () => {
    const refused = json(
      {
        error: {
          code: "VALIDATION_FAILED",
          message: "amount: The minimum deposit is 300.00 USD",
          fields: [{ field: "amount", message: "The minimum deposit is 300.00 USD" }],
        },
      },
      400,
    );
    const keys = stubApi([
      json({ error: { code: "INTERNAL", message: "Try again later" } }, 503),
      refused,
      json(invoice),
    ]);
    renderWithApp(<AddBalancePage />);
    fireEvent.change(await screen.findByLabelText("Amount (USD)"), { target: { value: "250" } });
    const create = screen.getByRole("button", { name: "Create invoice" });
    fireEvent.click(create);
    expect(await screen.findByText("Try again later")).toBeTruthy();
    fireEvent.click(create);
    expect(await screen.findByText("The minimum deposit is 300.00 USD")).toBeTruthy();
    expect(screen.queryByText("Try again later")).toBeNull();
    fireEvent.click(create);
    await waitFor(() => expect(keys).toHaveLength(3));
    // A 503 may have been done: the retry goes under the same key. A 400 is definite: a new key.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
