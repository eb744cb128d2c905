import { Trans, useLingui } from "@lingui/react/macro";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryState } from "../../components/QueryState.tsx";
import { cardsOnPhones, useCellLabels } from "../../components/TableFrame.tsx";
import { formatDateTime, formatRelative } from "../../lib/format.ts";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { signInsQuery } from "./api.ts";
import { parseUserAgent } from "./user-agent.ts";

/** The rows, each cell named after its column for the phone layout. */
function SignInRows({ children }: { children: ReactNode }) {
  const body = useCellLabels();
  return <TableBody ref={body}>{children}</TableBody>;
}

/** Recent sign-ins: when, from which device and IP. */
export function SignInsSection() {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const signIns = useQuery(signInsQuery);
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" component="h2">
          <Trans>Recent sign-ins</Trans>
        </Typography>
        <Typography sx={{ mt: 1, mb: 2, color: "text.secondary" }}>
          <Trans>The latest times someone signed in to your account.</Trans>
        </Typography>
        <QueryState query={signIns} rows={{ count: 2, height: 40 }}>
          {({ items }) =>
            items.length === 0 ? (
              <Typography>
                <Trans>No sign-ins recorded yet.</Trans>
              </Typography>
            ) : (
              <TableContainer
                sx={[{ overflowX: "auto" }, cardsOnPhones]}
                tabIndex={0}
                role="region"
                aria-label={t`Recent sign-ins`}
              >
                <Table size="small" aria-label={t`Recent sign-ins`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>
                        <Trans>When</Trans>
                      </TableCell>
                      <TableCell>
                        <Trans>Device</Trans>
                      </TableCell>
                      <TableCell>
                        <Trans>IP address</Trans>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <SignInRows>
                    {items.map((item) => (
                      <TableRow key={item.id}>
                        <TableCell sx={{ whiteSpace: "nowrap" }}>
                          <time dateTime={item.createdAt} title={formatDateTime(item.createdAt, { locale })}>
                            {formatRelative(item.createdAt, undefined, locale)}
                          </time>
                        </TableCell>
                        <TableCell>
                          {parseUserAgent(item.userAgent).label}
                          {item.bySupport && (
                            <Typography
                              component="span"
                              variant="caption"
                              sx={{ display: "block", color: "text.secondary" }}
                            >
                              <Trans>Opened by Helio support</Trans>
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell sx={{ wordBreak: "break-all" }}>
                          {item.ipAddress ? <bdi>{item.ipAddress}</bdi> : t`Unknown`}
                        </TableCell>
                      </TableRow>
                    ))}
                  </SignInRows>
                </Table>
              </TableContainer>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
