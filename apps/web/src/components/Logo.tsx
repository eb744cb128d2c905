import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import { Link as RouterLink } from "react-router";
import { BRAND } from "../app/theme.ts";
import { paths } from "../lib/paths.ts";

const CENTER = 20;
const RAYS = Array.from({ length: 12 }, (_, i) => {
  const angle = (i * Math.PI) / 6;
  const inner = i % 2 === 0 ? 12 : 12.5;
  const outer = i % 2 === 0 ? 18 : 16;
  return {
    x1: +(CENTER + inner * Math.cos(angle)).toFixed(2),
    y1: +(CENTER + inner * Math.sin(angle)).toFixed(2),
    x2: +(CENTER + outer * Math.cos(angle)).toFixed(2),
    y2: +(CENTER + outer * Math.sin(angle)).toFixed(2),
  };
});

export type LogoVariant = "white" | "colour";

interface LogoMarkProps {
  variant: LogoVariant;
  /** Wordmark colour of the coloured variant (follows the page's text colour). */
  wordmark?: string;
  sx?: SxProps<Theme>;
}

/** The Helio mark: a sun with twelve rays and the wordmark. Decorative; the link around it is named. */
export function LogoMark({ variant, wordmark, sx }: LogoMarkProps) {
  const white = variant === "white";
  const rays = white ? "#ffffff" : BRAND.primary;
  const disc = white ? "#ffffff" : BRAND.accent;
  const ring = white ? "#ffffff" : BRAND.primary;
  const text = white ? "#ffffff" : (wordmark ?? BRAND.dark);
  return (
    <Box
      component="svg"
      viewBox="0 0 118 40"
      aria-hidden="true"
      focusable="false"
      sx={[{ display: "block", width: "auto" }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <g stroke={rays} strokeWidth={2.6} strokeLinecap="round">
        {RAYS.map((ray) => (
          <line key={`${ray.x1}-${ray.y1}`} {...ray} />
        ))}
      </g>
      <circle cx={CENTER} cy={CENTER} r={8.5} fill={disc} stroke={ring} strokeWidth={white ? 0 : 2} />
      {white ? <circle cx={CENTER} cy={CENTER} r={4} fill={BRAND.dark} opacity={0.18} /> : null}
      <text
        x={44}
        y={28.5}
        fill={text}
        fontSize={25}
        fontWeight={700}
        letterSpacing={0.5}
        textLength={70}
        lengthAdjust="spacingAndGlyphs"
        fontFamily='system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'
      >
        Helio
      </text>
    </Box>
  );
}

interface LogoProps {
  variant?: LogoVariant;
  sx?: SxProps<Theme>;
  /** Extra styles of the svg (its height). */
  markSx?: SxProps<Theme>;
}

/** The logo as a link to `/`. White in the app bar (height 40); coloured on centred pages (50, 60 on md+). */
export function Logo({ variant = "white", sx, markSx }: LogoProps) {
  const white = variant === "white";
  return (
    <Box
      component={RouterLink}
      to={paths.dashboard}
      aria-label="Helio home"
      sx={[
        {
          display: "inline-flex",
          alignItems: "center",
          lineHeight: 0,
          borderRadius: 1,
          color: "text.primary",
          "&:focus-visible": {
            outline: "2px solid",
            outlineColor: white ? "#ffffff" : "primary.main",
            outlineOffset: 3,
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <LogoMark
        variant={variant}
        wordmark="currentColor"
        sx={[white ? { height: 40 } : { height: { xs: 50, md: 60 } }, ...(Array.isArray(markSx) ? markSx : [markSx])]}
      />
    </Box>
  );
}
