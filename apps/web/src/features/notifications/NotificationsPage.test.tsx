import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths.ts";
import { liveSocket } from "../../lib/ws.ts";
import { renderWithApp } from "../../test/render.tsx";
import { NotificationBell } from "./NotificationBell.tsx";
import { NotificationsPage } from "./NotificationsPage.tsx";
import { sampleNotification, stubNotificationsApi } from "./test-api.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const READ = "2026-03-01T00:00:00.000Z";

/** The page under the top bar's bell (which holds the one live listener), as in the shell. */
function Screen() {
  return (
    <>
      <NotificationBell />
      <NotificationsPage />
    </>
  );
}

const items = () => screen.getAllByRole("listitem");

describe("NotificationsPage", () => {
  it("lists the notifications, newest first, unread ones marked in words; 'Mark all as read' reads them all", async () => {
    const api = stubNotificationsApi([
      sampleNotification("a", { title: "Deposit approved", link: "/invoice-balance/a" }),
      sampleNotification("b", { title: "KYC rejected", link: null, kind: "kyc.rejected" }),
      sampleNotification("c", { title: "Password changed", kind: "password.changed", readAt: READ }),
    ]);
    renderWithApp(<Screen />, { path: paths.notifications });

    expect(await screen.findByRole("heading", { level: 1, name: "Notifications" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    await screen.findByText("Deposit approved");
    const list = screen.getByRole("list", { name: "Notifications" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Deposit approved.*Unread/),
      expect.stringMatching(/^KYC rejected.*Unread/),
      expect.not.stringMatching(/Unread/),
    ]);
    expect(screen.getByRole("link", { name: "Deposit approved" }).getAttribute("href")).toBe("/invoice-balance/a");
    expect(screen.getByText("2 unread")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mark as read: KYC rejected" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Mark as read: Password changed/ })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(api.reads()).toEqual([{ all: true }]));
    await waitFor(() => expect(screen.queryByText("Unread")).toBeNull());
    expect(screen.getByText("All read")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Mark as read/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Mark all as read" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
    // No list was read again: the answer's count and the cache were enough.
    expect(api.lists()).toBe(2);
  });

  it("marks one read when it is opened or by its button", async () => {
    const api = stubNotificationsApi([
      sampleNotification("a", { title: "Deposit approved" }),
      sampleNotification("b", { title: "KYC rejected", link: null }),
    ]);
    renderWithApp(<Screen />, { path: paths.notifications });
    fireEvent.click(await screen.findByRole("link", { name: "Deposit approved" }));
    await waitFor(() => expect(api.reads()).toEqual([{ ids: ["a"] }]));
    fireEvent.click(screen.getByRole("button", { name: "Mark as read: KYC rejected" }));
    await waitFor(() => expect(api.reads()).toEqual([{ ids: ["a"] }, { ids: ["b"] }]));
    await screen.findByRole("button", { name: "Notifications" });
  });

  it("filters to the unread ones, and says so when there are none", async () => {
    const api = stubNotificationsApi([
      sampleNotification("a", { title: "Deposit approved" }),
      sampleNotification("c", { title: "Password changed", readAt: READ }),
    ]);
    renderWithApp(<Screen />, { path: paths.notifications });
    await screen.findByText("Password changed");
    fireEvent.click(screen.getByRole("switch", { name: "Unread only" }));
    await waitFor(() => expect(screen.queryByText("Password changed")).toBeNull());
    expect(items().filter((item) => item.textContent?.includes("Deposit approved"))).toHaveLength(1);
    expect(api.calls.some((call) => call.url.includes("unread=true"))).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    expect(await screen.findByRole("heading", { name: "No unread notifications" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show all notifications" }));
    await screen.findByText("Password changed");
  });

  it("says plainly when there is nothing yet, and takes a live notification in at once", async () => {
    const api = stubNotificationsApi([]);
    renderWithApp(<Screen />, { path: paths.notifications });
    expect(await screen.findByRole("heading", { name: "No notifications yet" })).toBeTruthy();
    act(() =>
      liveSocket.dispatch({
        type: "notification",
        notification: sampleNotification("n1", { title: "Withdrawal paid" }),
        unreadCount: 1,
      }),
    );
    expect(await screen.findByRole("link", { name: "Withdrawal paid" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Notifications, 1 unread" })).toBeTruthy();
    expect(api.lists()).toBe(2);
  });
});
