import { Trans, useLingui } from "@lingui/react/macro";
import DarkModeIcon from "@mui/icons-material/DarkMode";
import LightModeIcon from "@mui/icons-material/LightMode";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { LegalLinks } from "../components/LegalLinks.tsx";
import { Logo } from "../components/Logo.tsx";
import { useThemeMode } from "../lib/theme-mode.ts";
import { LanguageMenu } from "./shell/LanguageMenu.tsx";

/** Public pages: the coloured logo above one card, centred; works from 360 px wide. */
export function Centered({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  const { mode, toggleMode } = useThemeMode();
  const themeLabel = mode === "light" ? t`Switch to dark mode` : t`Switch to light mode`;
  const year = new Date().getFullYear();
  return (
    <Box
      sx={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        px: { xs: 1.5, sm: 2 },
        py: { xs: 3, sm: 6 },
        position: "relative",
        background: (theme) =>
          theme.palette.mode === "light"
            ? "radial-gradient(circle at 50% -10%, rgba(255,195,0,0.22), transparent 55%), #faf6f4"
            : "radial-gradient(circle at 50% -10%, rgba(241,90,41,0.18), transparent 55%), #140907",
      }}
    >
      <Box sx={{ position: "absolute", top: 8, insetInlineEnd: 8, display: "flex", gap: 0.5 }}>
        <LanguageMenu />
        <IconButton onClick={toggleMode} aria-label={themeLabel}>
          {mode === "light" ? <DarkModeIcon /> : <LightModeIcon />}
        </IconButton>
      </Box>
      <Box component="header" sx={{ mb: { xs: 2.5, sm: 3 }, mt: { xs: 5, sm: 0 } }}>
        <Logo variant="colour" />
      </Box>
      <Card component="main" sx={{ width: "100%", maxWidth: 460, borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, "&:last-child": { pb: { xs: 3, sm: 4 } } }}>
          {children ?? <Outlet />}
        </CardContent>
      </Card>
      <Typography component="footer" variant="body2" sx={{ mt: 3, color: "text.secondary" }}>
        <Trans>© {year} Helio</Trans>
        <LegalLinks />
      </Typography>
    </Box>
  );
}
