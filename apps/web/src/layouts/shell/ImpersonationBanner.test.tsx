import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { liveSocket } from "../../lib/ws.ts";
import { renderWithApp } from "../../test/render.tsx";
import { ImpersonationBanner } from "./ImpersonationBanner.tsx";

describe("ImpersonationBanner", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("closes the live socket before it ends the support view, and opens it again when the server refuses", async () => {
    const steps: string[] = [];
    vi.spyOn(liveSocket, "stop").mockImplementation(() => steps.push("socket stopped"));
    vi.spyOn(liveSocket, "start").mockImplementation(() => {
      steps.push("socket started");
      return () => undefined;
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        steps.push("exit asked");
        return new Response(
          JSON.stringify({ error: { code: "VALIDATION_FAILED", message: "Not in an impersonation session." } }),
          { status: 400 },
        );
      }),
    );
    renderWithApp(<ImpersonationBanner fullName="Jane Doe" />);
    fireEvent.click(screen.getByRole("button", { name: "Exit" }));

    expect(await screen.findByText(/Not in an impersonation session/)).toBeTruthy();
    expect(steps).toEqual(["socket stopped", "exit asked", "socket started"]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Exit" }).hasAttribute("disabled")).toBe(false));
  });
});
