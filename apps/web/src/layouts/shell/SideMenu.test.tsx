import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { paths } from "../../lib/paths.ts";
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
    expect(link("Dashboard").getAttribute("href")).toBe(paths.dashboard);
    expect(link("Security").getAttribute("href")).toBe(paths.security);
    expect(link("KYC").getAttribute("href")).toBe(paths.kycUser);
    expect(link("Investment").getAttribute("href")).toBe(paths.investment);
    expect(link("Network").getAttribute("href")).toBe(paths.referrals);
    expect(screen.queryByRole("link", { name: "Admin" })).toBeNull();
  });

  it("expands and collapses groups on click", () => {
    renderWithApp(<SideMenu entries={menuFor("member")} />);
    const groups: [string, [string, string][]][] = [
      [
        "Settings",
        [
          ["Profile", paths.profile],
          ["Bank", paths.dataBank],
          ["Password", paths.changePassword],
        ],
      ],
      [
        "Trade",
        [
          ["Trade", paths.tradeFirstPair],
          ["On Trade", paths.onTrade],
          ["History Trade", paths.historyTrade],
        ],
      ],
      [
        "Funds",
        [
          ["Funds Bonus", paths.fundsBonus],
          ["Funds Profit", paths.fundsProfit],
          ["Withdrawal Bonus", paths.withdrawalBonus],
          ["Withdrawal Profit", paths.withdrawalProfit],
        ],
      ],
      [
        "Wallet",
        [
          ["Balance", paths.wallet],
          ["Add Balance", paths.addBalance],
          ["Withdrawal", paths.withdrawal],
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
    renderWithApp(<SideMenu entries={menuFor("admin")} />, { path: paths.fundsProfit });
    expect(screen.getByRole("button", { name: "Funds" }).getAttribute("aria-expanded")).toBe("true");
    expect(link("Funds Profit").getAttribute("aria-current")).toBe("page");
    expect(link("Admin").getAttribute("href")).toBe(paths.admin);
  });
});
