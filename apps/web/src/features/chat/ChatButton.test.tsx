import { API, fromCents } from "@helio/shared";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { ChatButton } from "./ChatButton.tsx";

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

/** The settings with the chat on, and `unread` messages from support. */
function stubServer(unread: number) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === API.settings)
        return json({ menuContact: true, depositMinMicrocents: String(fromCents(1000)), rates: [] });
      if (url === API.chatUnread) return json({ unread });
      return new Response("{}", { status: 404 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Label in name (WCAG 2.5.3, axe's label-content-name-mismatch): what the button shows is in its name.
describe("ChatButton", () => {
  it.each([
    [0, "Open support chat", ""],
    [2, "Open support chat, 2 unread", "2"],
    [150, "Open support chat, 99+ unread", "99+"],
  ])("with %i unread is named %j and shows %j", async (unread, name, shown) => {
    stubServer(unread);
    renderWithApp(<ChatButton />);
    const button = await screen.findByRole("button", { name });
    expect(button.textContent).toBe(shown);
    expect(button.getAttribute("aria-label")).toContain(button.textContent ?? "");
  });
});
