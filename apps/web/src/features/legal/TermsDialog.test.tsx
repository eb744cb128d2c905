import { API, type Member } from "@helio/shared";
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meQueryOptions } from "../../lib/member.tsx";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { TermsDialog } from "./TermsDialog.tsx";

const behind: Member = { ...sampleMember, terms: { acceptedVersion: 3, currentVersion: 4, accepted: false } };
const accepted: Member = { ...sampleMember, terms: { acceptedVersion: 4, currentVersion: 4, accepted: true } };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The dialog as the signed-in frame shows it: while the member read from the me query has not accepted. */
function Frame() {
  const me = useQuery(meQueryOptions);
  if (!me.data || me.data.terms.accepted) return null;
  return (
    <Suspense fallback={null}>
      <TermsDialog member={me.data} />
    </Suspense>
  );
}

describe("the changed-terms dialog", { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("stays closed for a member who accepted the terms in force", () => {
    renderWithApp(<TermsDialog member={accepted} />, { member: null });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks, links to the terms, accepts the version in force from the keyboard and closes as the member is read again", async () => {
    let me = behind;
    const sent: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : null });
        if (url === API.meTerms) {
          me = accepted;
          return json(accepted.terms);
        }
        return json(me);
      }),
    );
    renderWithApp(<Frame />, { member: null });

    const dialog = await screen.findByRole("dialog", { name: "Our terms have changed" }, { timeout: 10_000 });
    expect(dialog.textContent).toContain("Until you accept them, you cannot trade with real money");
    expect(screen.getByRole("link", { name: "terms and conditions" }).getAttribute("href")).toBe("/terms");
    const acceptButton = screen.getByRole("button", { name: "I accept the new terms" });
    await waitFor(() => expect(document.activeElement).toBe(acceptButton));

    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.filter((r) => r.url === API.meTerms)).toEqual([
      { url: API.meTerms, method: "POST", body: { version: 4 } },
    ]);
    // The me query was read again after the acceptance: every screen reading it sees the terms accepted.
    await waitFor(() => expect(sent.filter((r) => r.url === API.me).length).toBe(2));
  });
});
