import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Tooltip } from "./parts.tsx";

describe("the frame's Tooltip", () => {
  it("shows on focus, describes its anchor when asked, and hides on Escape and on blur", () => {
    render(
      <Tooltip title="Real wallet: 0.00 USD" describeChild>
        <button type="button">Balance</button>
      </Tooltip>,
    );
    const anchor = screen.getByRole("button", { name: "Balance" });
    expect(screen.queryByRole("tooltip")).toBeNull();

    act(() => anchor.focus());
    const tip = screen.getByRole("tooltip");
    expect(tip.textContent).toBe("Real wallet: 0.00 USD");
    expect(anchor.getAttribute("aria-describedby")).toBe(tip.id);

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("tooltip")).toBeNull();

    act(() => anchor.blur());
    act(() => anchor.focus());
    expect(screen.getByRole("tooltip")).toBeTruthy();
    act(() => anchor.blur());
    expect(screen.queryByRole("tooltip")).toBeNull();
    expect(anchor.getAttribute("aria-describedby")).toBeNull();
  });

  it("leaves the anchor's own name alone when it only repeats it", () => {
    render(
      <Tooltip title="Switch to dark mode">
        <button type="button" aria-label="Switch to dark mode" />
      </Tooltip>,
    );
    const anchor = screen.getByRole("button", { name: "Switch to dark mode" });
    act(() => anchor.focus());
    expect(screen.getByRole("tooltip").textContent).toBe("Switch to dark mode");
    expect(anchor.getAttribute("aria-describedby")).toBeNull();
  });
});
