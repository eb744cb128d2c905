import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "../lib/api.ts";
import { meQueryKey, useMember } from "../lib/member.tsx";
import { paths } from "../lib/paths.ts";
import { liveSocket } from "../lib/ws.ts";
import { sampleMember, testQueryClient } from "../test/render.tsx";
import { AppProviders } from "./app-providers.tsx";
import { RequireAuth } from "./RequireAuth.tsx";

/**
 * The way to sign-in takes a refused request, the member's read again and a navigation: more than
 * testing-library's one second when the machine is busy with the other suites.
 */
const SIGN_IN_WAIT = { timeout: 5000 };

function LoginProbe() {
  const location = useLocation();
  return <p>login page {location.search}</p>;
}

function MemberProbe() {
  const member = useMember();
  return <p>hello {member.fullName}</p>;
}

function renderAt(path: string, queryClient = testQueryClient()) {
  const router = createMemoryRouter(
    [
      { path: paths.login, element: <LoginProbe /> },
      { element: <RequireAuth />, children: [{ path: paths.security, element: <MemberProbe /> }] },
    ],
    { initialEntries: [path] },
  );
  return render(
    <AppProviders queryClient={queryClient} initialMode="light">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** A live socket that never opens: the guard starts one for a signed-in member. */
function stubLiveSocket() {
  vi.stubGlobal(
    "WebSocket",
    class {
      static OPEN = 1;
      static CONNECTING = 0;
      readyState = 0;
      close() {}
      send() {}
    },
  );
}

afterEach(() => {
  liveSocket.stop();
  vi.unstubAllGlobals();
});

describe("RequireAuth", () => {
  it("sends visitors to /login with the page they wanted", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: "UNAUTHENTICATED", message: "Sign in" } }), { status: 401 }),
      ),
    );
    renderAt(`${paths.security}?x=1`);
    expect((await screen.findByText(/login page/)).textContent).toBe(
      `login page ?redirect=${encodeURIComponent(`${paths.security}?x=1`)}`,
    );
  });

  it("provides the member to signed-in pages", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(sampleMember), { status: 200 })),
    );
    stubLiveSocket();
    renderAt(paths.security);
    expect(await screen.findByText("hello Jane Doe")).toBeTruthy();
  });

  it("sends the member to sign in when a request finds the session ended elsewhere (signed out in another tab)", async () => {
    let signedIn = true;
    const unauthenticated = () =>
      new Response(JSON.stringify({ error: { code: "UNAUTHENTICATED", message: "Sign in" } }), { status: 401 });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => (signedIn ? new Response(JSON.stringify(sampleMember), { status: 200 }) : unauthenticated())),
    );
    stubLiveSocket();
    renderAt(paths.security);
    expect(await screen.findByText("hello Jane Doe")).toBeTruthy();
    // Another tab signs out; this page's next request is refused.
    signedIn = false;
    await expect(apiFetch("/api/wallet")).rejects.toMatchObject({ status: 401 });
    expect((await screen.findByText(/login page/, undefined, SIGN_IN_WAIT)).textContent).toBe(
      `login page ?redirect=${encodeURIComponent(paths.security)}`,
    );
  });

  it("still sends the member to sign in when a read of the member was under way as the session ended", async () => {
    let signedIn = true;
    let holdReads = false;
    const heldReads: Array<() => void> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        const answer = signedIn
          ? new Response(JSON.stringify(sampleMember), { status: 200 })
          : new Response(JSON.stringify({ error: { code: "UNAUTHENTICATED", message: "Sign in" } }), { status: 401 });
        if (holdReads) await new Promise<void>((resolve) => heldReads.push(resolve));
        return answer;
      }),
    );
    stubLiveSocket();
    const queryClient = testQueryClient();
    renderAt(paths.security, queryClient);
    expect(await screen.findByText("hello Jane Doe")).toBeTruthy();
    // A read of the member sets out while the session is alive, and is answered only after it ended.
    holdReads = true;
    void queryClient.refetchQueries({ queryKey: meQueryKey });
    await vi.waitFor(() => expect(heldReads).toHaveLength(1));
    holdReads = false;
    signedIn = false;
    await expect(apiFetch("/api/wallet")).rejects.toMatchObject({ status: 401 });
    for (const release of heldReads) release();
    expect((await screen.findByText(/login page/, undefined, SIGN_IN_WAIT)).textContent).toBe(
      `login page ?redirect=${encodeURIComponent(paths.security)}`,
    );
  });
});
