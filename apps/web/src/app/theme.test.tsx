import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import { ThemeProvider } from "@mui/material/styles";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createAppTheme } from "./theme.ts";

const DARK_TEXT = "rgba(0, 0, 0, 0.87)";

describe("the MUI theme's red", () => {
  it("gives a filled red chip dark text in dark mode (white on MUI's red is 3.7:1), and leaves the others", () => {
    render(
      <ThemeProvider theme={createAppTheme("dark")}>
        <Chip color="error" label="Loss" />
        <Chip color="error" variant="outlined" label="Outlined loss" />
        <Chip color="success" label="Win" />
        <Button variant="contained" color="error">
          Down
        </Button>
      </ThemeProvider>,
    );
    const color = (text: string) =>
      getComputedStyle(screen.getByText(text).closest(".MuiChip-root, button") as Element).color;
    expect(color("Loss")).toBe(DARK_TEXT);
    expect(color("Outlined loss")).not.toBe(DARK_TEXT);
    expect(color("Down")).toBe("rgb(255, 255, 255)");
  });

  it("keeps white text on a filled red chip in light mode", () => {
    render(
      <ThemeProvider theme={createAppTheme("light")}>
        <Chip color="error" label="Loss" />
      </ThemeProvider>,
    );
    expect(getComputedStyle(screen.getByText("Loss").closest(".MuiChip-root") as Element).color).toBe(
      "rgb(255, 255, 255)",
    );
  });
});
