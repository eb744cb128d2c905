import { INVESTMENT_STATUSES, type InvestmentStatus } from "@helio/shared";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { statusLabel } from "../../components/StatusChip.tsx";
import { pagingFromParams } from "../../lib/paging.ts";
import { InvestmentsTable, useInvestmentTotals } from "./InvestmentsTable.tsx";
import { type AdminInvestmentFilters, adminPackagesQuery } from "./investments-api.ts";

function filtersFrom(params: URLSearchParams): AdminInvestmentFilters {
  const status = params.get("status");
  return {
    ...pagingFromParams(params, { pageSize: 20 }),
    packageId: params.get("packageId") || undefined,
    uid: params.get("uid") || undefined,
    status: (INVESTMENT_STATUSES as readonly string[]).includes(status ?? "")
      ? (status as InvestmentStatus)
      : undefined,
  };
}

/** `/admin/investments`: every investment, filtered by package, status and member, with totals. */
export function InvestmentsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const packages = useQuery(adminPackagesQuery);
  const totals = useInvestmentTotals(filters);
  const update = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!("page" in change)) next.delete("page");
    setParams(next, { replace: true });
  };
  return (
    <Box>
      <PageHeader title="Investments" subtitle="Every member's investments. Amounts in US dollars." />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" },
          mb: 2,
        }}
      >
        <SelectField
          label="Package"
          value={filters.packageId ?? ""}
          onChange={(e) => update({ packageId: e.target.value || undefined })}
          allLabel="All packages"
          options={packages.data?.map((p) => ({ value: p.id, label: p.name })) ?? []}
        />
        <SelectField
          label="Status"
          value={filters.status ?? ""}
          onChange={(e) => update({ status: e.target.value || undefined })}
          allLabel="All statuses"
          options={INVESTMENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
        <TextField
          label="Member id"
          value={filters.uid ?? ""}
          onChange={(e) => update({ uid: e.target.value.trim() || undefined })}
          helperText="A member's user id (from the member's page)."
        />
      </Box>
      <Typography sx={{ mb: 2 }} aria-live="polite">
        {totals ? (
          <>
            {totals.count} investments · invested <Money microcents={totals.amountMicrocents} currency="USD" /> · profit
            paid <Money microcents={totals.profitPaidMicrocents} currency="USD" />
          </>
        ) : (
          "…"
        )}
      </Typography>
      <InvestmentsTable
        label="Investments"
        filters={filters}
        onPage={(page, pageSize) => update({ page: String(page), pageSize: String(pageSize) })}
      />
    </Box>
  );
}
