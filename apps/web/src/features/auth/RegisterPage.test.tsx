import { API } from "@helio/shared";
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths.ts";
import { renderWithApp } from "../../test/render.tsx";
import { RegisterPage } from "./RegisterPage.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("RegisterPage: the terms and the age", () => {
  afterEach(() => vi.unstubAllGlobals());

  const fill = () => {
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: "Lovelace" } });
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: "ada_l" } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: "ada@example.test" } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "correct-horse-battery" } });
  };

  it("shows the risk warning and sends nothing until both boxes are ticked", async () => {
    const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => json({ email: "ada@example.test" }, 201));
    vi.stubGlobal("fetch", fetchSpy);
    renderWithApp(<RegisterPage />, { path: paths.register, member: null });
    expect(screen.getByTestId("risk-warning").textContent).toContain("you can lose the whole stake");
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Accept the terms to open an account")).toBeTruthy();
    expect(screen.getByText("Confirm that you are 18 or older")).toBeTruthy();
    expect(fetchSpy.mock.calls.some(([url]) => String(url).startsWith(API.register))).toBe(false);

    fireEvent.click(screen.getByRole("checkbox", { name: /I accept the terms and conditions/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: "I am 18 years old or older." }));
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    await vi.waitFor(() =>
      expect(fetchSpy.mock.calls.some(([url]) => String(url).startsWith(API.register))).toBe(true),
    );
    const sent = fetchSpy.mock.calls.find(([url]) => String(url).startsWith(API.register));
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ acceptTerms: true, confirmAdult: true });
  });
});
