import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import { Link as RouterLink } from "react-router";
import { paths } from "../lib/paths.ts";
import { LOGO_VIEWBOX, LogoShapes, type LogoVariant } from "./LogoShapes.tsx";

interface LogoMarkProps {
  variant: LogoVariant;
  /** Wordmark colour of the coloured variant (follows the page's text colour). */
  wordmark?: string;
  sx?: SxProps<Theme>;
}

/** The Helio mark: a sun with twelve rays and the wordmark. Decorative; the link around it is named. */
export function LogoMark({ variant, wordmark, sx }: LogoMarkProps) {
  return (
    <Box
      component="svg"
      viewBox={LOGO_VIEWBOX}
      aria-hidden="true"
      focusable="false"
      sx={[{ display: "block", width: "auto" }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <LogoShapes variant={variant} wordmark={wordmark} />
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
  const { t } = useLingui();
  const white = variant === "white";
  return (
    <Box
      component={RouterLink}
      to={paths.dashboard}
      aria-label={t`Helio home`}
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
