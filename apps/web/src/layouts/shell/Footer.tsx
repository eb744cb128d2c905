import { Trans } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** Copyright line with the current year (docs/product.md §5). */
export function Footer({ roomForChat = false }: { roomForChat?: boolean }) {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      sx={{
        pt: 3,
        // The floating chat button (56 px, 16–24 px from the corner) must never cover the end of a
        // page: scrolled to the bottom, it sits over this padding instead.
        pb: roomForChat ? { xs: 12, sm: 14 } : 3,
        px: 2,
        textAlign: "center",
        borderTop: 1,
        borderColor: "divider",
      }}
    >
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        <Trans>© {year} Helio</Trans>
      </Typography>
    </Box>
  );
}
