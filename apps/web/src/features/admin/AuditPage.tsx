import Box from "@mui/material/Box";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/PageHeader.tsx";
import { pagingFromParams } from "../../lib/paging.ts";
import { AuditTable } from "./AuditTable.tsx";

/** `/admin/audit`: every admin action, newest first. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = pagingFromParams(params, { pageSize: 50 });
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
