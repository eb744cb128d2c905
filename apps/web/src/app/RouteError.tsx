import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFound } from "../components/NotFound.tsx";

/** Shown when a screen fails to load or render (e.g. a new version was deployed meanwhile). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Box sx={{ textAlign: "center", py: 8, px: 2 }} role="alert">
      <Typography variant="h1" component="h1">
        Something went wrong
      </Typography>
      <Typography sx={{ mt: 1, mb: 3, color: "text.secondary" }}>
        This page could not be shown. Reloading usually fixes it.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Box>
  );
}
