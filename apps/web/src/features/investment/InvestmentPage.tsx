import { Trans, useLingui } from "@lingui/react/macro";
import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TablePagination from "@mui/material/TablePagination";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useSearchParams } from "react-router";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageSection } from "../../components/PageSection.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { pageIndex, pagerButtonLabel } from "../../components/TableFrame.tsx";
import { pagingFromParams } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { myInvestmentsQuery, packagesQuery } from "./api.ts";
import { InvestmentCard, PackageCard } from "./parts.tsx";

/** A package card's usual height, which its placeholder takes while the packages load. */
const PACKAGE_CARD_HEIGHT = 520;

const CARD_GRID = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
} as const;

/** The active packages as cards (also on `/add-investment` with no package chosen). */
export function PackageList() {
  const { t } = useLingui();
  const packages = useQuery(packagesQuery);
  // Three card-sized placeholders (the packages on offer are usually three, each about 480–580 px
  // tall): a single short one let the section below jump by a screen when the cards arrived.
  if (packages.isPending)
    return (
      <Box sx={CARD_GRID} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={PACKAGE_CARD_HEIGHT} />
        ))}
      </Box>
    );
  if (packages.isError) return <QueryError error={packages.error} onRetry={() => void packages.refetch()} />;
  if (packages.data.length === 0) return <Alert severity="info">{t`No package is on offer right now.`}</Alert>;
  return (
    <Box sx={CARD_GRID}>
      {packages.data.map((pkg) => (
        <PackageCard key={pkg.id} pkg={pkg} />
      ))}
    </Box>
  );
}

const SIZES = [6, 12, 24] as const;

function MyInvestments() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = pagingFromParams(params, { pageSize: 6, sizes: SIZES });
  const list = useQuery(myInvestmentsQuery(page, pageSize));
  return (
    <PageSection id="mine-heading" title={t`My investments`}>
      {list.isPending ? (
        <Skeleton variant="rounded" height={180} />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Alert severity="info">
          <Trans>You have no investments yet. Choose a package above to start.</Trans>
        </Alert>
      ) : (
        <>
          <Box sx={CARD_GRID}>
            {list.data.items.map((inv) => (
              <InvestmentCard key={inv.id} inv={inv} />
            ))}
          </Box>
          {list.data.total > pageSize ? (
            <TablePagination
              component="div"
              labelRowsPerPage={t`Per page`}
              labelDisplayedRows={({ from, to, count }) => t`${from}–${to} of ${count}`}
              getItemAriaLabel={(type) => pagerButtonLabel(type)}
              count={list.data.total}
              page={pageIndex(page, list.data.total, pageSize)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[...SIZES]}
              onPageChange={(_, next) => setParams({ page: String(next + 1), pageSize: String(pageSize) })}
              onRowsPerPageChange={(event) => setParams({ page: "1", pageSize: event.target.value })}
            />
          ) : null}
        </>
      )}
    </PageSection>
  );
}

/** `/investment`: the packages on offer and the member's investments with their progress. */
export function InvestmentPage() {
  const { t } = useLingui();
  return (
    <Box>
      <PageHeader
        title={t`Investment`}
        subtitle={t`Choose a package, invest from your wallet, and follow the profit as it is credited.`}
        actions={
          <Button component={RouterLink} to={paths.invoice} variant="outlined">
            <Trans>My invoices</Trans>
          </Button>
        }
      />
      <Stack spacing={4}>
        <PageSection id="packages-heading" title={t`Packages`}>
          <PackageList />
        </PageSection>
        <MyInvestments />
      </Stack>
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to={paths.addInvestment} startIcon={<AddIcon />}>
          <Trans>Add investment</Trans>
        </Button>
      </Box>
    </Box>
  );
}
