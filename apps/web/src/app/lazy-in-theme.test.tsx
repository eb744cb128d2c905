import Button from "@mui/material/Button";
import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { WithI18n } from "../test/render.tsx";
import { lazyInTheme } from "./lazy-in-theme.tsx";
import { FrameProviders } from "./providers.tsx";

/** A MUI button that shows the primary colour of the theme it is drawn in. */
function Probe({ label }: { label: string }) {
  return <Button>{label}</Button>;
}

describe("lazyInTheme", () => {
  it("draws a MUI part loaded by the plain frame in the app's theme and the frame's mode", async () => {
    const Lazy = lazyInTheme(async () => Probe);
    render(
      <WithI18n>
        <FrameProviders initialMode="dark">
          <Suspense fallback={null}>
            <Lazy label="Themed" />
          </Suspense>
        </FrameProviders>
      </WithI18n>,
    );
    const button = await screen.findByRole("button", { name: "Themed" });
    // The app's dark primary (app/brand.ts), not MUI's default blue.
    expect(getComputedStyle(button).color).toBe("rgb(241, 90, 41)");
  });
});
