import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { menuFor } from "./menu.tsx";
import { SideMenu } from "./SideMenu.tsx";

function link(name: string): HTMLAnchorElement {
  return screen.getByRole("link", { name }) as HTMLAnchorElement;
}

describe("SideMenu", () => {
  it("shows the product's top-level entries in order (docs/product.md §5)", () => {
    renderWithApp(<SideMenu entries={menuFor("member")} />);
    const nav = screen.getByRole("navigation", { name: "Main menu" });
    const labels = within(nav)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(labels).toEqual([
      "Dashboard",
      "Settings",
      "Security",
      "KYC",
      "Investment",
      "Trade",
      "Funds",
      "Wallet",
      "Network",
    ]);
    expect(link("Dashboard").getAttribute("href")).toBe("/");
    expect(link("Security").getAttribute("href")).toBe("/security");
    expect(link("KYC").getAttribute("href")).toBe("/kyc-user");
    expect(link("Investment").getAttribute("href")).toBe("/investment");
    expect(link("Network").getAttribute("href")).toBe("/refferals");
    expect(screen.queryByRole("link", { name: "Admin" })).toBeNull();
  });

  it("expands and collapses groups on click", () => {
    renderWithApp(<SideMenu entries={menuFor("member")} />);
    const groups: [string, [string, string][]][] = [
      [
        "Settings",
        [
          ["Profile", "/profile"],
          ["Bank", "/data-bank"],
          ["Password", "/change-password"],
        ],
      ],
      [
        "Trade",
        [
          ["Trade", "/trade/BTC/bitcoin"],
          ["On Trade", "/on-trade"],
          ["History Trade", "/history-trade"],
        ],
      ],
      [
        "Funds",
        [
          ["Funds Bonus", "/funds-bonus"],
          ["Funds Profit", "/funds-profit"],
          ["Withdrawal Bonus", "/withdrawal-bonus"],
          ["Withdrawal Profit", "/withdrawal-profit"],
        ],
      ],
      [
        "Wallet",
        [
          ["Balance", "/wallet"],
          ["Add Balance", "/add-balance"],
          ["Withdrawal", "/withdrawal"],
        ],
      ],
    ];
    for (const [group, children] of groups) {
      const button = screen.getByRole("button", { name: group });
      expect(button.getAttribute("aria-expanded")).toBe("false");
      fireEvent.click(button);
      expect(button.getAttribute("aria-expanded")).toBe("true");
      const list = screen.getByRole("list", { name: group });
      const links = within(list).getAllByRole("link");
      expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual(children);
    }
    const settings = screen.getByRole("button", { name: "Settings" });
    fireEvent.click(settings);
    expect(settings.getAttribute("aria-expanded")).toBe("false");
  });

  it("opens the group of the current page and adds Admin for admins", () => {
    renderWithApp(<SideMenu entries={menuFor("admin")} />, { path: "/funds-profit" });
    expect(screen.getByRole("button", { name: "Funds" }).getAttribute("aria-expanded")).toBe("true");
    expect(link("Funds Profit").getAttribute("aria-current")).toBe("page");
    expect(link("Admin").getAttribute("href")).toBe("/admin");
  });
});
