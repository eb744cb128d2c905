import { API } from "@helio/shared";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appQueryClient } from "../../app/query-client.ts";
import { meQueryKey } from "../../lib/me-query-key.ts";
import { paths } from "../../lib/paths.ts";
import { WithI18n } from "../../test/render.tsx";
import { LoginPage } from "./LoginPage.tsx";

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

/** The sign-in page at `path`, with `fetch` answering as `answer` says; returns the fetch spy. */
function renderLogin(answer: (url: string, body: unknown) => Response, path: string = paths.login) {
  const fetchSpy = vi.fn(async (url: string, init?: RequestInit) =>
    answer(url, JSON.parse(String(init?.body ?? "null"))),
  );
  vi.stubGlobal("fetch", fetchSpy);
  const router = createMemoryRouter(
    [
      { path: paths.login, element: <LoginPage /> },
      { path: "*", element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  // No providers: the page is drawn without MUI or the data cache (decision 0013).
  render(<RouterProvider router={router} />, { wrapper: WithI18n });
  return fetchSpy;
}

const identifier = () => screen.getByLabelText("Email or username") as HTMLInputElement;
const password = () => screen.getByLabelText("Password") as HTMLInputElement;
const signIn = () => fireEvent.click(screen.getByRole("button", { name: "Sign in" }));

// Stubbed globals and storage are reset by the test set-up (vite.config.ts, src/test/setup.ts).
afterEach(() => appQueryClient().clear());

describe("the sign-in page", () => {
  it("names each empty field, focuses the first, and checks again as the member types", async () => {
    const fetchSpy = renderLogin(() => Response.json({}));
    signIn();
    expect(await screen.findByText("Enter your email or username")).toBeTruthy();
    expect(screen.getByText("Enter your password")).toBeTruthy();
    expect(document.activeElement).toBe(identifier());
    expect(identifier().getAttribute("aria-invalid")).toBe("true");
    expect(
      screen.getByRole("textbox", { name: "Email or username", description: "Enter your email or username" }),
    ).toBe(identifier());
    fireEvent.change(identifier(), { target: { value: "jane" } });
    await waitFor(() => expect(screen.queryByText("Enter your email or username")).toBeNull());
    expect(screen.getByText("Enter your password")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("signs in by username or by email, goes where the member was going, and forgets the last member", async () => {
    appQueryClient().setQueryData(meQueryKey, { id: "someone-before" });
    const fetchSpy = renderLogin(
      () => Response.json({ token: "t", user: { id: "u1" } }),
      `${paths.login}?redirect=%2Fsecurity`,
    );
    fireEvent.change(identifier(), { target: { value: "  jane  " } });
    fireEvent.change(password(), { target: { value: "secret-pw-1" } });
    signIn();
    expect(await screen.findByText("at /security")).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledWith(API.authSignInUsername, expect.objectContaining({ method: "POST" }));
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({
      username: "jane",
      password: "secret-pw-1",
    });
    expect(appQueryClient().getQueryData(meQueryKey)).toBeUndefined();
  });

  it("switches between light and dark, and remembers the choice", async () => {
    renderLogin(() => Response.json({}));
    fireEvent.click(screen.getByRole("button", { name: "Switch to dark mode" }));
    expect(await screen.findByRole("button", { name: "Switch to light mode" })).toBeTruthy();
    expect(document.documentElement.dataset.mode).toBe("dark");
    expect(localStorage.getItem("getMode")).toBe("dark");
  });

  it("shows and hides the password", () => {
    renderLogin(() => Response.json({}));
    expect(password().type).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password().type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password().type).toBe("password");
  });

  it("sends an email to the email sign-in", async () => {
    const fetchSpy = renderLogin(() => Response.json({ token: "t" }));
    fireEvent.change(identifier(), { target: { value: "jane@example.com" } });
    fireEvent.change(password(), { target: { value: "pw" } });
    signIn();
    expect(await screen.findByText("at /")).toBeTruthy();
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(API.authSignInEmail);
  });

  it("shows better-auth's refusal in our words, and the server's own error body", async () => {
    let answer = Response.json({ code: "INVALID_USERNAME_OR_PASSWORD", message: "Invalid" }, { status: 401 });
    renderLogin(() => answer);
    fireEvent.change(identifier(), { target: { value: "jane" } });
    fireEvent.change(password(), { target: { value: "wrong" } });
    signIn();
    expect(await screen.findByText("Wrong username or password.")).toBeTruthy();
    answer = Response.json(
      { error: { code: "RATE_LIMITED", message: "Too many sign-ins. Wait a minute." } },
      { status: 429 },
    );
    signIn();
    expect(await screen.findByText("Too many sign-ins. Wait a minute.")).toBeTruthy();
  });

  it("sends an unverified member to the verify page and a blocked one to the blocked page", async () => {
    renderLogin(() => Response.json({ code: "EMAIL_NOT_VERIFIED", message: "x" }, { status: 403 }));
    fireEvent.change(identifier(), { target: { value: "a@b.co" } });
    fireEvent.change(password(), { target: { value: "pw" } });
    signIn();
    expect(await screen.findByText(`at ${paths.verifyEmailFor("a@b.co")}`)).toBeTruthy();
  });

  it("says so when the server cannot be reached", async () => {
    renderLogin(() => {
      throw new TypeError("Failed to fetch");
    });
    fireEvent.change(identifier(), { target: { value: "jane" } });
    fireEvent.change(password(), { target: { value: "pw" } });
    signIn();
    expect(await screen.findByText("Cannot reach the server. Check your connection and try again.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Sign in" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("asks for the code when two-factor authentication is on", async () => {
    renderLogin(() => Response.json({ twoFactorRedirect: true }));
    fireEvent.change(identifier(), { target: { value: "jane" } });
    fireEvent.change(password(), { target: { value: "pw" } });
    signIn();
    // The step is a chunk of its own, loaded (and transformed, under test) on demand.
    expect(await screen.findByLabelText("6-digit code", {}, { timeout: 10_000 })).toBeTruthy();
  });
});
