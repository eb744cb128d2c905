import { render, screen } from "@testing-library/react";
import { createMemoryRouter, data, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { RouteError } from "./RouteError.tsx";

const Nothing = () => null;

/** A route that fails as `fail` says, under RouteError, with no providers: it must work when MUI's chunk did not load. */
function renderFailing(fail: () => never) {
  const router = createMemoryRouter([
    { path: "/", errorElement: <RouteError />, loader: fail, Component: Nothing, HydrateFallback: Nothing },
  ]);
  render(<RouterProvider router={router} />);
}

describe("the route error", () => {
  it("offers a reload when a screen's chunk cannot load", async () => {
    renderFailing(() => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong");
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeTruthy();
  });

  it("says not found, with the way home, for a 404", async () => {
    renderFailing(() => {
      throw data(null, { status: 404 });
    });
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
  });
});
