import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths.ts";
import { liveSocket } from "../../lib/ws.ts";
import { renderWithApp } from "../../test/render.tsx";
import { bellLabel, NotificationBell } from "./NotificationBell.tsx";
import { sampleNotification, stubNotificationsApi } from "./test-api.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const unread = (count: number) => Array.from({ length: count }, (_, i) => sampleNotification(`n${i + 1}`));

describe("NotificationBell", () => {
  it("shows the unread count, and its name holds what it shows", async () => {
    stubNotificationsApi([...unread(3), sampleNotification("old", { readAt: "2026-03-01T00:00:00.000Z" })]);
    renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Notifications, 3 unread" });
    expect(bell.textContent).toBe("3");
    // Label in name (axe label-content-name-mismatch): the visible text is inside the name.
    expect(bell.getAttribute("aria-label")).toContain(bell.textContent ?? "");
    expect(bell.getAttribute("aria-haspopup")).toBe("dialog");
    expect(bell.getAttribute("aria-expanded")).toBe("false");
  });

  it("is just 'Notifications', without a badge, when all are read; above 99 it says 99+", async () => {
    stubNotificationsApi([sampleNotification("old", { readAt: "2026-03-01T00:00:00.000Z" })]);
    renderWithApp(<NotificationBell />);
    await waitFor(() => expect(screen.getByRole("button", { name: "Notifications" }).textContent).toBe(""));
    expect(bellLabel(120)).toBe("Notifications, 99+ unread");
  });

  it("follows the live messages: a new notification and a read elsewhere change the count, with no request", async () => {
    const api = stubNotificationsApi(unread(2));
    renderWithApp(<NotificationBell />);
    await screen.findByRole("button", { name: "Notifications, 2 unread" });
    expect(api.lists()).toBe(1);

    const fresh = sampleNotification("n9", { title: "Withdrawal paid", body: "50.00 USD is on its way." });
    act(() => liveSocket.dispatch({ type: "notification", notification: fresh, unreadCount: 3 }));
    const bell = await screen.findByRole("button", { name: "Notifications, 3 unread" });
    expect(bell.textContent).toBe("3");
    // The same message twice (two deliveries) counts once.
    act(() => liveSocket.dispatch({ type: "notification", notification: fresh, unreadCount: 3 }));

    // The panel lists it first, from the cache.
    fireEvent.click(bell);
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    const links = within(panel).getAllByRole("link");
    expect(links[0]?.textContent).toContain("Withdrawal paid");
    expect(links.filter((link) => link.textContent?.includes("Withdrawal paid"))).toHaveLength(1);
    fireEvent.keyDown(panel, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // Read in another tab: the count the server gives.
    act(() => liveSocket.dispatch({ type: "notifications.read", unreadCount: 1 }));
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
    act(() => liveSocket.dispatch({ type: "notifications.read", unreadCount: 0 }));
    await screen.findByRole("button", { name: "Notifications" });
    expect(api.lists()).toBe(1);
  });

  it("opens a panel of the latest: following one marks it read; 'Mark all as read' and 'See all'", async () => {
    const api = stubNotificationsApi([
      sampleNotification("a", { title: "Deposit approved", link: "/invoice-balance/a" }),
      sampleNotification("b", { title: "KYC approved", link: null }),
      sampleNotification("c", { title: "Password changed", readAt: "2026-03-01T00:00:00.000Z" }),
    ]);
    renderWithApp(<NotificationBell />);
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    // The page behind the open panel is hidden from assistive technology.
    const bell = screen.getByRole("button", { name: "Notifications, 2 unread", hidden: true });
    expect(bell.getAttribute("aria-expanded")).toBe("true");

    // Unread ones say so (not by colour alone); a notification without a link leads to the list.
    const deposit = within(panel).getByRole("link", { name: /Deposit approved/ });
    expect(deposit.textContent).toMatch(/^Unread: Deposit approved/);
    expect(deposit.getAttribute("href")).toBe("/invoice-balance/a");
    expect(
      within(panel)
        .getByRole("link", { name: /KYC approved/ })
        .getAttribute("href"),
    ).toBe(paths.notifications);
    expect(within(panel).getByRole("link", { name: /Password changed/ }).textContent).not.toMatch(/Unread/);
    expect(within(panel).getByRole("link", { name: "See all" }).getAttribute("href")).toBe(paths.notifications);

    fireEvent.click(deposit);
    await waitFor(() => expect(api.reads()).toEqual([{ ids: ["a"] }]));
    await screen.findByRole("button", { name: "Notifications, 1 unread" });

    fireEvent.click(screen.getByRole("button", { name: "Notifications, 1 unread" }));
    fireEvent.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(api.reads()).toEqual([{ ids: ["a"] }, { all: true }]));
    await screen.findByRole("button", { name: "Notifications", hidden: true });
    expect(screen.getByRole("button", { name: "Mark all as read" })).toHaveProperty("disabled", true);
    expect(api.lists()).toBe(1);
  });
});
