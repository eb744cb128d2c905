import Box from "@mui/material/Box";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/PageHeader.tsx";
import { AuditTable } from "./AuditTable.tsx";

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 100_000 ? n : fallback;
}

/** `/admin/audit`: every admin action, newest first. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get("page"), 1);
  const requestedSize = positiveInt(params.get("pageSize"), 50);
  const pageSize = [10, 20, 50, 100].includes(requestedSize) ? requestedSize : 50;
  return (
    <Box>
      <PageHeader title="Audit log" subtitle="Every admin action, newest first." />
      <AuditTable
        label="Audit log"
        page={page}
        pageSize={pageSize}
        onPage={(nextPage, nextSize) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            next.set("page", String(nextPage));
            next.set("pageSize", String(nextSize));
            return next;
          })
        }
      />
    </Box>
  );
}
