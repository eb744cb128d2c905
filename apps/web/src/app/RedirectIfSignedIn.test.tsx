import { API } from "@helio/shared";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "../lib/paths.ts";
import { RedirectIfSignedIn } from "./RedirectIfSignedIn.tsx";

function Where({ label }: { label: string }) {
  const location = useLocation();
  return <p>{`${label} ${location.pathname}${location.search}`}</p>;
}

/** The session read answers `null` for a visitor, the session for a member. */
function renderAt(path: string, signedIn: boolean) {
  const fetchMe = vi.fn(async (url: string) =>
    url === API.authSession
      ? Response.json(signedIn ? { session: { id: "s1" }, user: { id: "u1" } } : null)
      : new Response("{}", { status: 404 }),
  );
  vi.stubGlobal("fetch", fetchMe);
  const router = createMemoryRouter(
    [
      {
        Component: RedirectIfSignedIn,
        children: [
          { path: paths.login, element: <Where label="visitor page" /> },
          { path: paths.register, element: <Where label="visitor page" /> },
        ],
      },
      { path: paths.dashboard, element: <Where label="member page" /> },
      { path: paths.security, element: <Where label="member page" /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return fetchMe;
}

afterEach(() => vi.unstubAllGlobals());

describe("RedirectIfSignedIn", () => {
  it("sends a signed-in member from /login to the dashboard", async () => {
    renderAt(paths.login, true);
    expect((await screen.findByText(/member page/)).textContent).toBe(`member page ${paths.dashboard}`);
  });

  it("honours a same-site ?redirect= and ignores another site's", async () => {
    renderAt(`${paths.login}?redirect=${encodeURIComponent(`${paths.security}?tab=1`)}`, true);
    expect((await screen.findByText(/member page/)).textContent).toBe(`member page ${paths.security}?tab=1`);
  });

  it("never follows a protocol-relative redirect", async () => {
    renderAt(`${paths.register}?redirect=${encodeURIComponent("//evil.example/x")}`, true);
    expect((await screen.findByText(/member page/)).textContent).toBe(`member page ${paths.dashboard}`);
  });

  it("leaves a signed-out visitor on the page", async () => {
    const fetchMe = renderAt(paths.register, false);
    await vi.waitFor(() => expect(fetchMe).toHaveBeenCalled());
    // act() runs what the answer scheduled (the redirect would happen here) before we look.
    await act(async () => {
      await fetchMe.mock.results[0]?.value;
    });
    expect(screen.getByText(/visitor page/).textContent).toBe(`visitor page ${paths.register}`);
    expect(screen.queryByText(/member page/)).toBeNull();
  });
});
