import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** Copyright line with the current year (docs/product.md §5). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: "center", borderTop: 1, borderColor: "divider" }}>
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        © {year} Helio
      </Typography>
    </Box>
  );
}
