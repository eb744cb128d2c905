import { Trans, useLingui } from "@lingui/react/macro";
import LockResetIcon from "@mui/icons-material/LockReset";
import LogoutIcon from "@mui/icons-material/Logout";
import PersonIcon from "@mui/icons-material/Person";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { paths } from "../../lib/paths.ts";

export interface UserMenuPopupProps {
  menuId: string;
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  onLogout: () => Promise<void> | void;
}

/**
 * The avatar menu's items and the logout confirmation. Loaded on the first open (see UserMenu), so
 * the dialog and the menu's icons are not in every page's first load.
 */
export default function UserMenuPopup({ menuId, buttonId, anchor, onClose, onLogout }: UserMenuPopupProps) {
  const { t } = useLingui();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    setBusy(true);
    try {
      await onLogout();
    } finally {
      setBusy(false);
      setConfirmOpen(false);
    }
  };

  return (
    <>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={onClose}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ list: { "aria-labelledby": buttonId } }}
      >
        <MenuItem component={RouterLink} to={paths.profile} onClick={onClose}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>
            <Trans>Account</Trans>
          </ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.changePassword} onClick={onClose}>
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>
            <Trans>Change Password</Trans>
          </ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            onClose();
            setConfirmOpen(true);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>
            <Trans>Logout</Trans>
          </ListItemText>
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirmOpen}
        title={t`Logout`}
        message={t`Are you sure you want to logout?`}
        cancelLabel={t`Cancel`}
        confirmLabel={t`Yes`}
        busy={busy}
        onConfirm={() => void logout()}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}
