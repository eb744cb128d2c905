import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { paths } from "../lib/paths.ts";

/** Any unknown path. */
export function NotFound() {
  return (
    <Box sx={{ textAlign: "center", py: { xs: 6, md: 10 }, px: 2 }}>
      <Typography sx={{ fontSize: "3.5rem", fontWeight: 800, color: "primary.main", lineHeight: 1 }} aria-hidden="true">
        404
      </Typography>
      <Typography variant="h1" component="h1" sx={{ mt: 2 }}>
        Page not found
      </Typography>
      <Typography sx={{ mt: 1, mb: 3, color: "text.secondary" }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to={paths.dashboard} variant="contained">
        Go to the home page
      </Button>
    </Box>
  );
}
