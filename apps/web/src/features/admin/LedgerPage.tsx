import { jsonText } from "@helio/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { ledgerVerifyQuery } from "./money-api.ts";

const CHECKS = [
  { key: "unbalancedTransactions", label: "Transactions that do not sum to zero" },
  { key: "driftedBalances", label: "Balances that differ from their entries" },
  { key: "negativeMemberBalances", label: "Member balances below zero" },
  { key: "brokenRunningBalances", label: "Entries whose running balance is wrong" },
] as const;

/** `/admin/ledger`: runs the ledger verification and shows what (if anything) breaks the invariants. */
export function LedgerPage() {
  const report = useQuery(ledgerVerifyQuery);
  const r = report.data;
  return (
    <Box>
      <PageHeader
        title="Ledger verification"
        subtitle="Every transaction sums to zero, every balance matches its entries, no member balance is negative."
        actions={
          <Button variant="contained" onClick={() => void report.refetch()} disabled={report.isFetching}>
            {report.isFetching ? "Checking…" : "Run again"}
          </Button>
        }
      />
      {report.isFetching ? <LinearProgress aria-label="Checking the ledger" sx={{ mb: 2 }} /> : null}
      {report.isError ? <QueryError error={report.error} onRetry={() => void report.refetch()} /> : null}
      {r ? (
        <Box sx={{ display: "grid", gap: 3 }}>
          {r.ok ? (
            <Alert severity="success" icon={<CheckCircleIcon />} role="status">
              The ledger is consistent: {r.counts.transactions} transactions, {r.counts.entries} entries,{" "}
              {r.counts.accounts} accounts (checked {formatDateTime(report.dataUpdatedAt)}).
            </Alert>
          ) : (
            <Alert severity="error" role="status">
              The ledger has problems. Do not move money until they are understood (checked{" "}
              {formatDateTime(report.dataUpdatedAt)}).
            </Alert>
          )}
          {CHECKS.map((check) => {
            const rows = r[check.key];
            return (
              <Card key={check.key} component="section" aria-labelledby={`${check.key}-heading`} variant="outlined">
                <CardContent>
                  <Typography id={`${check.key}-heading`} variant="h2" component="h2" sx={{ fontSize: "1.1rem" }}>
                    {check.label}: {rows.length}
                  </Typography>
                  {rows.length > 0 ? (
                    <Box
                      component="pre"
                      tabIndex={0}
                      aria-label={check.label}
                      sx={{
                        mt: 1,
                        p: 1.5,
                        bgcolor: "action.hover",
                        borderRadius: 1,
                        overflowX: "auto",
                        fontSize: "0.8rem",
                      }}
                    >
                      {jsonText(rows, 2)}
                    </Box>
                  ) : null}
                </CardContent>
              </Card>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}
