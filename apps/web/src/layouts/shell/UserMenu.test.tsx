import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths.ts";
import { renderWithApp } from "../../test/render.tsx";
import { UserMenu } from "./UserMenu.tsx";

describe("UserMenu", () => {
  it("has Account, Change Password and Logout", async () => {
    renderWithApp(<UserMenu fullName="Jane Doe" photoURL={null} onLogout={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Account menu, JD" }));
    expect((await screen.findByRole("menuitem", { name: "Account" })).getAttribute("href")).toBe(paths.profile);
    expect(screen.getByRole("menuitem", { name: "Change Password" }).getAttribute("href")).toBe(paths.changePassword);
    expect(screen.getByRole("menuitem", { name: "Logout" })).toBeTruthy();
  });

  it("asks before logging out, with Cancel and Yes", async () => {
    const onLogout = vi.fn(async () => {});
    renderWithApp(<UserMenu fullName="Jane Doe" photoURL={null} onLogout={onLogout} />);
    fireEvent.click(screen.getByRole("button", { name: "Account menu, JD" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Logout" }));

    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Are you sure you want to logout?");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onLogout).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Account menu, JD" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Logout" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes" }));
    await waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));
  });
});
