import { createTheme } from "@mui/material/styles";
import { describe, expect, it } from "vitest";
import { chartOptions } from "./CandleChart.tsx";

describe("chartOptions", () => {
  it("fixes the right edge at the newest bar, so the last time label is pulled in whole, light and dark", () => {
    for (const mode of ["light", "dark"] as const) {
      const { palette } = createTheme({ palette: { mode } });
      const options = chartOptions(palette, []);
      // lightweight-charts aligns a label by the price scale only on a fixed edge; with a right
      // offset instead, the newest label ("01:30") was drawn half under the price scale ("01:3").
      expect(options.timeScale).toMatchObject({ fixRightEdge: true, timeVisible: true });
      expect(options.timeScale?.rightOffset ?? 0).toBe(0);
      expect(options.layout?.background).toMatchObject({ color: palette.background.paper });
    }
  });

  it("draws a price label at the scale's top or bottom edge only when it fits whole", () => {
    const { palette } = createTheme();
    expect(chartOptions(palette, []).rightPriceScale).toMatchObject({ entireTextOnly: true });
  });
});
