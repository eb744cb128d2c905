import LockResetIcon from "@mui/icons-material/LockReset";
import LogoutIcon from "@mui/icons-material/Logout";
import PersonIcon from "@mui/icons-material/Person";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { MemberAvatar } from "../../components/MemberAvatar.tsx";
import { initials } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";

interface UserMenuProps {
  fullName: string;
  photoURL: string | null;
  onLogout: () => Promise<void> | void;
}

/** The avatar menu (docs/product.md §5): Account, Change Password, Logout (with its confirmation). */
export function UserMenu({ fullName, photoURL, onLogout }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);

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
      <IconButton
        id={buttonId}
        onClick={(event) => setAnchor(event.currentTarget)}
        // The name holds the initials the button shows (WCAG 2.5.3, label in name).
        aria-label={photoURL ? "Account menu" : `Account menu, ${initials(fullName)}`}
        aria-controls={open ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        sx={{ p: 0.5 }}
      >
        <MemberAvatar name={fullName} photoURL={photoURL} size={34} fontSize={15} />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ list: { "aria-labelledby": buttonId } }}
      >
        <MenuItem component={RouterLink} to={paths.profile} onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Account</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.changePassword} onClick={close}>
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Change Password</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setConfirmOpen(true);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirmOpen}
        title="Logout"
        message="Are you sure you want to logout?"
        cancelLabel="Cancel"
        confirmLabel="Yes"
        busy={busy}
        onConfirm={() => void logout()}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}
