import { useLingui } from "@lingui/react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { paths } from "../lib/paths.ts";
import { NOT_FOUND_COPY } from "./not-found-copy.ts";

/** Any unknown path. */
export function NotFound() {
  const { i18n } = useLingui();
  return (
    <Box sx={{ textAlign: "center", py: { xs: 6, md: 10 }, px: 2 }}>
      <Typography sx={{ fontSize: "3.5rem", fontWeight: 800, color: "primary.main", lineHeight: 1 }} aria-hidden="true">
        404
      </Typography>
      <Typography variant="h1" component="h1" sx={{ mt: 2 }}>
        {i18n._(NOT_FOUND_COPY.title)}
      </Typography>
      <Typography sx={{ mt: 1, mb: 3, color: "text.secondary" }}>{i18n._(NOT_FOUND_COPY.body)}</Typography>
      <Button component={RouterLink} to={paths.dashboard} variant="contained">
        {i18n._(NOT_FOUND_COPY.home)}
      </Button>
    </Box>
  );
}
