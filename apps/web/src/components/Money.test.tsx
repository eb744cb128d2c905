import { fromCents } from "@helio/shared";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkFile } from "../lib/file-check.ts";
import { publicSettingsKey } from "../lib/settings.ts";
import { apiCents } from "../test/money.ts";
import { renderWithApp, sampleMember } from "../test/render.tsx";
import { Money } from "./Money.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Money", () => {
  it("shows USD as-is for a USD member", () => {
    renderWithApp(<Money microcents={fromCents(123_456_789)} />);
    expect(screen.getByText("1,234,567.89 USD")).toBeTruthy();
  });

  it("rounds microcents once to the cent shown, ties to the even cent", () => {
    renderWithApp(
      <>
        <Money microcents={3_076_923_077n} />
        <Money microcents={fromCents(12) + 500_000n} />
        <Money microcents={fromCents(13) + 500_000n} />
      </>,
    );
    expect(screen.getByText("30.77 USD")).toBeTruthy();
    expect(screen.getByText("0.12 USD")).toBeTruthy();
    expect(screen.getByText("0.14 USD")).toBeTruthy();
  });

  it("converts with the member's currency rate from the settings, and follows a rate change", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            menuContact: true,
            depositMinMicrocents: apiCents(1_000),
            rates: [{ name: "IDR", value: 16250, decimal: "16250" }],
          }),
          {
            status: 200,
            headers: { "Content-Type": "application/json" },
          },
        ),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { queryClient } = renderWithApp(<Money microcents={fromCents(123_456)} />, {
      member: { ...sampleMember, currency: "IDR" },
    });
    expect(screen.getByText("… IDR")).toBeTruthy();
    expect(await screen.findByText("20,061,600.00 IDR")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith("/api/settings", expect.anything());
    // What the `settings.updated` message does.
    act(() => {
      queryClient.setQueryData(publicSettingsKey, {
        menuContact: true,
        depositMinMicrocents: fromCents(1_000),
        rates: [{ name: "IDR", value: 16000, decimal: "16000" }],
      });
    });
    expect(await screen.findByText("19,752,960.00 IDR")).toBeTruthy();
  });

  it("signs credits when asked", () => {
    renderWithApp(
      <>
        <Money microcents={fromCents(1_500)} signed />
        <Money microcents={fromCents(-250)} signed />
        <Money microcents={0n} signed />
      </>,
    );
    expect(screen.getByText("+15.00 USD")).toBeTruthy();
    expect(screen.getByText("-2.50 USD")).toBeTruthy();
    expect(screen.getByText("0.00 USD")).toBeTruthy();
  });

  it("adds the exact USD amount when asked, for a currency other than USD", () => {
    renderWithApp(
      <>
        <Money microcents={fromCents(100)} currency="EUR" rate={0.92} withUsd />
        <Money microcents={fromCents(250)} withUsd />
      </>,
    );
    expect(screen.getByText("0.92 EUR (1.00 USD)")).toBeTruthy();
    expect(screen.getByText("2.50 USD")).toBeTruthy();
  });

  it("uses an explicit currency and rate", () => {
    renderWithApp(<Money microcents={fromCents(100)} currency="EUR" rate={0.92} />);
    expect(screen.getByText("0.92 EUR")).toBeTruthy();
  });
});

describe("checkFile", () => {
  const types = ["image/png", "application/pdf"];
  it("checks type, size and emptiness", () => {
    expect(checkFile({ type: "image/png", size: 10 }, types, 100, "a PNG or PDF")).toBeNull();
    expect(checkFile({ type: "image/gif", size: 10 }, types, 100, "a PNG or PDF")).toBe("Choose a PNG or PDF.");
    expect(checkFile({ type: "image/png", size: 0 }, types, 100, "x")).toBe("The file is empty.");
    expect(checkFile({ type: "image/png", size: 11 * 1024 * 1024 }, types, 10 * 1024 * 1024, "x")).toBe(
      "The file is larger than 10 MB.",
    );
  });
});
