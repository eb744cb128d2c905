import type { AdminPackage } from "@helio/shared";
import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { SwitchField } from "../../components/SwitchField.tsx";
import { fieldProps } from "../../lib/form.ts";
import { useStaffMay } from "../../lib/staff.tsx";
import { useSubmitForm } from "../../lib/submit-form.ts";
import { termsText } from "../investment/index.ts";
import { adminPackagesQuery, packageToInput, useSavePackage } from "./investments-api.ts";
import { EMPTY_PACKAGE, formToPackage, type PackageForm, packageFormSchema, packageToForm } from "./package-model.ts";

const FIELDS = [
  "name",
  "slug",
  "description",
  "minMicrocents",
  "maxMicrocents",
  "dailyRateBps",
  "durationPeriods",
  "sortOrder",
] as const;
const usd = { input: { endAdornment: <InputAdornment position="end">USD</InputAdornment> } };

function PackageDialog({ pkg, onClose }: { pkg: AdminPackage | null; onClose: () => void }) {
  const save = useSavePackage();
  const { form, submit, formError } = useSubmitForm({
    schema: packageFormSchema,
    defaultValues: pkg ? packageToForm(pkg) : EMPTY_PACKAGE,
    fields: FIELDS,
    send: (values: PackageForm) => save.mutateAsync({ id: pkg?.id, input: formToPackage(values) }),
    onSent: onClose,
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const slugLocked = Boolean(pkg && pkg.investmentCount > 0);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="package-dialog-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="package-dialog-title">{pkg ? `Edit ${pkg.name}` : "New package"}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, pt: 1 }}>
          {formError ? (
            <Alert severity="error" sx={{ gridColumn: "1 / -1" }}>
              {formError}
            </Alert>
          ) : null}
          <TextField label="Name" sx={{ mt: 1 }} {...fieldProps(register("name"), errors.name)} />
          <TextField
            label="Slug"
            sx={{ mt: { sm: 1 } }}
            disabled={slugLocked}
            {...fieldProps(
              register("slug"),
              errors.slug,
              slugLocked ? "Fixed: members have invested in it." : "In the address: /add-investment/{slug}.",
            )}
          />
          <TextField
            label="Description"
            multiline
            minRows={2}
            sx={{ gridColumn: "1 / -1" }}
            {...fieldProps(register("description"), errors.description)}
          />
          <TextField
            label="Minimum amount"
            slotProps={usd}
            {...fieldProps(register("minMicrocents"), errors.minMicrocents)}
          />
          <TextField
            label="Maximum amount"
            slotProps={usd}
            {...fieldProps(register("maxMicrocents"), errors.maxMicrocents)}
          />
          <TextField
            label="Rate per period"
            slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
            {...fieldProps(register("dailyRateBps"), errors.dailyRateBps, "e.g. 1.25 (a period is a day by default).")}
          />
          <TextField label="Duration (periods)" {...fieldProps(register("durationPeriods"), errors.durationPeriods)} />
          <TextField label="Sort order" {...fieldProps(register("sortOrder"), errors.sortOrder)} />
          <Box sx={{ display: "flex", flexDirection: "column" }}>
            <SwitchField control={control} name="capitalReturn" label="Capital returned at maturity" />
            <SwitchField control={control} name="active" label="Active (on offer)" />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : "Save package"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function ActiveToggle({ pkg }: { pkg: AdminPackage }) {
  const save = useSavePackage();
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={save.isPending}
      onClick={() => save.mutate({ id: pkg.id, input: { ...packageToInput(pkg), active: !pkg.active } })}
      aria-label={`${pkg.active ? "Deactivate" : "Activate"} ${pkg.name}`}
    >
      {pkg.active ? "Deactivate" : "Activate"}
    </Button>
  );
}

/** `/admin/packages`: the packages, with create, edit, activate and deactivate (never delete). */
export function PackagesPage() {
  const packages = useQuery(adminPackagesQuery);
  const [editing, setEditing] = useState<AdminPackage | "new" | null>(null);
  const mayWrite = useStaffMay("packagesWrite");
  const columns: Column<AdminPackage>[] = [
    { key: "name", header: "Name", nowrap: true, render: (p) => p.name },
    { key: "slug", header: "Slug", nowrap: true, render: (p) => p.slug },
    {
      key: "limits",
      header: "Amount",
      render: (p) => (
        <>
          <Money microcents={p.minMicrocents} currency="USD" /> –<br />
          <Money microcents={p.maxMicrocents} currency="USD" />
        </>
      ),
    },
    {
      key: "terms",
      header: "Terms",
      render: (p) => termsText(p.dailyRateBps, p.durationPeriods, p.periodSeconds),
    },
    { key: "capital", header: "Capital back", render: (p) => (p.capitalReturn ? "Yes" : "No") },
    { key: "count", header: "Investments", align: "right", render: (p) => p.investmentCount },
    {
      key: "status",
      header: "Status",
      render: (p) => <Chip size="small" variant="outlined" label={p.active ? "Active" : "Inactive"} />,
    },
    {
      key: "actions",
      header: "Actions",
      nowrap: true,
      render: (p) => (
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button size="small" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
            Edit
          </Button>
          <ActiveToggle pkg={p} />
        </Box>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title="Packages"
        subtitle="What members can invest in. A package with investments is never deleted; its investments keep their terms."
        actions={
          mayWrite ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing("new")}>
              New package
            </Button>
          ) : null
        }
      />
      <DataTable
        label="Packages"
        columns={mayWrite ? columns : columns.filter((column) => column.key !== "actions")}
        rows={packages.data}
        rowKey={(p) => p.id}
        loading={packages.isFetching}
        error={packages.isError ? packages.error : undefined}
        onRetry={() => void packages.refetch()}
        empty="No packages yet."
      />
      {editing ? <PackageDialog pkg={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Box>
  );
}
