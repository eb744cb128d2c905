import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCents } from "../../test/money.ts";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { AddBalancePage } from "./AddBalancePage.tsx";

const idrMember = { ...sampleMember, currency: "IDR" as const };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const invoice = {
  id: "d1",
  reference: "HD-7K2M9QXA",
  amountMicrocents: apiCents(25_000),
  local: null,
  status: "awaiting_payment",
  instructions: { bankName: "", accountName: "", accountNumber: "", notes: "" },
  proof: null,
  reason: null,
  expiresAt: "2026-01-02T00:00:00.000Z",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  reviewedAt: null,
};

/**
 * The deposit answers, in turn; every POST's Idempotency-Key and body are kept. `rate.idr` is the
 * IDR rate the settings answer with (a test changes it as an admin would).
 */
function stubApi(answers: Response[], rate = { idr: "16250" }) {
  const keys: string[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith("/api/settings"))
        return json({
          depositMinMicrocents: apiCents(1_000),
          menuContact: true,
          rates: [{ name: "IDR", value: Number(rate.idr), decimal: rate.idr }],
        });
      if (url.startsWith("/api/deposits") && init?.method === "POST") {
        keys.push((init.headers as Record<string, string>)["Idempotency-Key"] ?? "");
        bodies.push(JSON.parse(String(init.body)));
        return answers.shift() ?? json({}, 500);
      }
      return new Response("{}", { status: 404 });
    }),
  );
  return { keys, bodies };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AddBalancePage", () => {
  it("shows the minimum on an amount typed and left before the settings arrived", async () => {
    let releaseSettings = () => {};
    const settingsHeld = new Promise<void>((resolve) => {
      releaseSettings = resolve;
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.startsWith("/api/settings")) {
          await settingsHeld;
          return json({ depositMinMicrocents: apiCents(1_000), menuContact: true, rates: [] });
        }
        return new Response("{}", { status: 404 });
      }),
    );
    renderWithApp(<AddBalancePage />);
    const amount = await screen.findByLabelText("Amount (USD)");
    fireEvent.change(amount, { target: { value: "5" } });
    fireEvent.blur(amount);
    // Left with no minimum known yet: nothing to say about 5.00.
    await waitFor(() => expect(amount.getAttribute("aria-invalid")).toBe("false"));
    releaseSettings();
    expect(await screen.findByText("The minimum deposit is 10.00 USD")).toBeTruthy();
    expect(amount.getAttribute("aria-invalid")).toBe("true");
  });

  it("checks a USD member's amount in the browser, with the minimum, and sends it as `amount`", async () => {
    const { keys, bodies } = stubApi([json(invoice)]);
    renderWithApp(<AddBalancePage />);
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
    expect(keys).toEqual([]);
    fireEvent.change(amount, { target: { value: "12.34" } });
    // A USD member reads no conversion.
    expect(screen.queryByText(/^That is/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Create invoice" }));
    await waitFor(() => expect(bodies).toEqual([{ amount: "12.34" }]));
  });

  it("takes an IDR member's amount in IDR, shows its USD and the rate, and sends it with that rate", async () => {
    const { bodies } = stubApi([json(invoice)]);
    renderWithApp(<AddBalancePage />, { member: idrMember });
    const amount = await screen.findByLabelText("Amount (IDR)");
    expect(await screen.findByText("At least 10.00 USD (162,500.00 IDR).")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "100000" } });
    fireEvent.blur(amount);
    expect(await screen.findByText("The minimum deposit is 10.00 USD (162,500.00 IDR)")).toBeTruthy();
    expect(screen.queryByText(/^That is/)).toBeNull();
    fireEvent.change(amount, { target: { value: "162500" } });
    expect(await screen.findByText("That is 10.00 USD at 16,250 IDR per USD.")).toBeTruthy();
    expect(screen.queryByText(/^Rounded to/)).toBeNull();
    // 500,000 IDR did not convert to whole cents; it is held in microcents as typed: no rounding to tell.
    fireEvent.change(amount, { target: { value: "500000" } });
    expect(await screen.findByText("That is 30.77 USD at 16,250 IDR per USD.")).toBeTruthy();
    expect(screen.queryByText(/^Rounded to/)).toBeNull();
    fireEvent.change(amount, { target: { value: "162500" } });
    fireEvent.click(screen.getByRole("button", { name: "Create invoice" }));
    await waitFor(() => expect(bodies).toEqual([{ local: { amount: "162500", currency: "IDR", rate: "16250" } }]));
  });

  it("on a changed rate, shows the server's message and the new rate, keeps the amount, and sends again at it", async () => {
    const message =
      "The rate changed from 16,250 IDR per USD to 16,300 IDR per USD. Check the amount in USD and send again.";
    const changed = json({ error: { code: "RATE_CHANGED", message, quote: { currency: "IDR", rate: "16300" } } }, 409);
    const { keys, bodies } = stubApi([changed, json(invoice)]);
    renderWithApp(<AddBalancePage />, { member: idrMember });
    const amount = (await screen.findByLabelText("Amount (IDR)")) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: "243750" } });
    expect(await screen.findByText("That is 15.00 USD at 16,250 IDR per USD.")).toBeTruthy();
    const create = screen.getByRole("button", { name: "Create invoice" });
    fireEvent.click(create);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await screen.findByText("That is 14.95 USD at 16,300 IDR per USD.")).toBeTruthy();
    expect(amount.value).toBe("243750");
    fireEvent.click(create);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { local: { amount: "243750", currency: "IDR", rate: "16250" } },
      { local: { amount: "243750", currency: "IDR", rate: "16300" } },
    ]);
    // The refusal was definite: the new request goes under a new key.
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("puts a field error on a local amount (`local.amount`) on the amount input", async () => {
    const refused = json(
      {
        error: {
          code: "VALIDATION_FAILED",
          message: "local.amount: The minimum deposit is 300.00 USD (4,875,000.00 IDR)",
          fields: [{ field: "local.amount", message: "The minimum deposit is 300.00 USD (4,875,000.00 IDR)" }],
        },
      },
      400,
    );
    stubApi([refused]);
    renderWithApp(<AddBalancePage />, { member: idrMember });
    const amount = await screen.findByLabelText("Amount (IDR)");
    fireEvent.change(amount, { target: { value: "243750" } });
    fireEvent.click(screen.getByRole("button", { name: "Create invoice" }));
    expect(await screen.findByText("The minimum deposit is 300.00 USD (4,875,000.00 IDR)")).toBeTruthy();
    expect(amount.getAttribute("aria-invalid")).toBe("true");
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
    const { keys } = stubApi([
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
