import {
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
  staffInviteSchema,
  staffRolesUpdateSchema,
} from "@helio/shared";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type Control, Controller, type FieldError } from "react-hook-form";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { errorMessage } from "../../lib/api.ts";
import { fieldProps } from "../../lib/form.ts";
import { formatDate } from "../../lib/format.ts";
import { useMember } from "../../lib/member.tsx";
import { useStaffMay } from "../../lib/staff.tsx";
import { useSubmitForm } from "../../lib/submit-form.ts";
import { staffListQuery, useInviteStaff, useSetStaffDisabled, useSetStaffRoles } from "./staff-api.ts";

/** What each role may do, as the invitation and role dialogs explain it. */
const ROLE_HINTS: Record<StaffRole, string> = {
  owner: "everything, staff included",
  finance: "deposits, withdrawals, balance adjustments",
  compliance: "KYC, blocks and bans",
  support: "the inbox, members read-only",
  trading_desk: "pairs, payouts, packages, trading settings",
  auditor: "reads everything, the audit log included",
};

const rolesText = (roles: readonly StaffRole[]) => roles.map((role) => STAFF_ROLE_LABELS[role]).join(", ");

function RolesField({
  control,
  error,
}: {
  control:
    | Control<{ roles: StaffRole[] }>
    | Control<{ roles: StaffRole[]; email: string; firstName: string; lastName: string }>;
  error?: FieldError | undefined;
}) {
  return (
    <Controller
      control={control as Control<{ roles: StaffRole[] }>}
      name="roles"
      render={({ field }) => (
        <FormControl component="fieldset" error={Boolean(error)}>
          <FormLabel component="legend">Roles</FormLabel>
          <FormGroup>
            {STAFF_ROLES.map((role) => (
              <FormControlLabel
                key={role}
                control={
                  <Checkbox
                    checked={field.value.includes(role)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked ? [...field.value, role] : field.value.filter((r) => r !== role),
                      )
                    }
                  />
                }
                label={`${STAFF_ROLE_LABELS[role]}: ${ROLE_HINTS[role]}`}
              />
            ))}
          </FormGroup>
          {error ? <FormHelperText>{error.message}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}

function InviteDialog({ onClose, onDone }: { onClose: () => void; onDone: (text: string) => void }) {
  const invite = useInviteStaff();
  const { form, submit, formError } = useSubmitForm({
    schema: staffInviteSchema,
    defaultValues: { email: "", firstName: "", lastName: "", roles: [] },
    fields: ["email", "firstName", "lastName", "roles"],
    send: (values) => invite.mutateAsync(values),
    onSent: (member) => {
      onDone(`Invitation sent to ${member.email}.`);
      onClose();
    },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invite-dialog-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="invite-dialog-title">Invite staff</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2, pt: 1 }}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <TextField
            label="Email"
            type="email"
            sx={{ mt: 1 }}
            {...fieldProps(register("email"), errors.email, "The invitation's link lets them choose a password.")}
          />
          <TextField label="First name" {...fieldProps(register("firstName"), errors.firstName)} />
          <TextField label="Last name" {...fieldProps(register("lastName"), errors.lastName)} />
          <RolesField control={control} error={errors.roles as FieldError | undefined} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? "Sending…" : "Send invitation"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function RolesDialog({
  staff,
  onClose,
  onDone,
}: {
  staff: StaffMember;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const setRoles = useSetStaffRoles();
  const { form, submit, formError } = useSubmitForm({
    schema: staffRolesUpdateSchema,
    defaultValues: { roles: staff.roles },
    fields: ["roles"],
    send: ({ roles }) => setRoles.mutateAsync({ uid: staff.uid, roles }),
    onSent: (member) => {
      onDone(`${member.fullName} now holds: ${rolesText(member.roles)}.`);
      onClose();
    },
  });
  const {
    control,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="roles-dialog-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="roles-dialog-title">Roles of {staff.fullName}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2, pt: 1 }}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <RolesField control={control} error={errors.roles as FieldError | undefined} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : "Save roles"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** `/admin/staff`: the back office's people and their roles; owners invite, change roles and disable. */
export function StaffPage() {
  const me = useMember();
  const staff = useQuery(staffListQuery);
  const mayManage = useStaffMay("staffManage");
  const setDisabled = useSetStaffDisabled();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [toggling, setToggling] = useState<StaffMember | null>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  const toggle = async () => {
    if (!toggling) return;
    try {
      const changed = await setDisabled.mutateAsync({ uid: toggling.uid, disabled: !toggling.disabled });
      setNotice({ kind: "success", text: `${changed.fullName} is ${changed.disabled ? "disabled" : "enabled"}.` });
    } catch (error) {
      setNotice({ kind: "error", text: errorMessage(error) });
    } finally {
      setToggling(null);
    }
  };

  const columns: Column<StaffMember>[] = [
    {
      key: "name",
      header: "Name",
      render: (s) => (
        <>
          <Box component="span" sx={{ display: "block", fontWeight: 600 }}>
            {s.fullName}
          </Box>
          <Box component="span" sx={{ color: "text.secondary", overflowWrap: "anywhere" }}>
            {s.email}
          </Box>
        </>
      ),
    },
    { key: "roles", header: "Roles", render: (s) => rolesText(s.roles) },
    {
      key: "status",
      header: "Status",
      nowrap: true,
      render: (s) => (
        <Chip
          size="small"
          variant="outlined"
          color={s.disabled ? "error" : s.joined ? "success" : "default"}
          label={s.disabled ? "Disabled" : s.joined ? "Active" : "Invited"}
        />
      ),
    },
    { key: "since", header: "Since", nowrap: true, render: (s) => formatDate(s.invitedAt) },
  ];
  if (mayManage)
    columns.push({
      key: "actions",
      header: "Actions",
      nowrap: true,
      render: (s) => (
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button size="small" onClick={() => setEditing(s)} aria-label={`Change the roles of ${s.fullName}`}>
            Roles
          </Button>
          {s.uid === me.uid ? null : (
            <Button
              size="small"
              variant="outlined"
              color={s.disabled ? "primary" : "error"}
              onClick={() => setToggling(s)}
              aria-label={`${s.disabled ? "Enable" : "Disable"} ${s.fullName}`}
            >
              {s.disabled ? "Enable" : "Disable"}
            </Button>
          )}
        </Box>
      ),
    });

  return (
    <Box>
      <PageHeader
        title="Staff"
        subtitle="Who works in the back office and what each may do. Every change is in the audit log."
        actions={
          mayManage ? (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
              Invite staff
            </Button>
          ) : null
        }
      />
      {notice ? (
        <Alert severity={notice.kind} role="status" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      ) : null}
      <DataTable
        label="Staff"
        columns={columns}
        rows={staff.data?.items}
        rowKey={(s) => s.uid}
        loading={staff.isPending}
        error={staff.error}
        onRetry={() => void staff.refetch()}
        empty="No staff yet."
      />
      {inviting ? (
        <InviteDialog onClose={() => setInviting(false)} onDone={(text) => setNotice({ kind: "success", text })} />
      ) : null}
      {editing ? (
        <RolesDialog
          staff={editing}
          onClose={() => setEditing(null)}
          onDone={(text) => setNotice({ kind: "success", text })}
        />
      ) : null}
      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.disabled ? "Enable this staff account?" : "Disable this staff account?"}
        message={
          toggling?.disabled
            ? `${toggling.fullName} can use the back office again with their roles.`
            : `${toggling?.fullName ?? ""} is signed out at once and can do nothing in the back office until enabled.`
        }
        confirmLabel={toggling?.disabled ? "Enable" : "Disable"}
        confirmColor={toggling?.disabled ? "primary" : "error"}
        busy={setDisabled.isPending}
        onConfirm={() => void toggle()}
        onClose={() => setToggling(null)}
      />
    </Box>
  );
}
