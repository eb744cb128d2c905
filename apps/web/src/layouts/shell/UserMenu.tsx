import { useLingui } from "@lingui/react/macro";
import { Suspense, useId, useState } from "react";
import { lazyInTheme, loadMuiTheme } from "../../app/lazy-in-theme.tsx";
import { MemberAvatar } from "../../components/MemberAvatar.tsx";
import { initials } from "../../lib/format.ts";
import { IconButton } from "../frame/parts.tsx";
import styles from "../frame/shell.module.css";

const loadPopup = () => Promise.all([import("./UserMenuPopup.tsx"), loadMuiTheme()]);
const UserMenuPopup = lazyInTheme(() => import("./UserMenuPopup.tsx").then((m) => m.default));

interface UserMenuProps {
  fullName: string;
  photoURL: string | null;
  onLogout: () => Promise<void> | void;
}

/**
 * The avatar menu (docs/product.md §5): Account, Change Password, Logout (with its confirmation).
 * The button is on every page; the menu itself loads when the pointer or focus first reaches it.
 */
export function UserMenu({ fullName, photoURL, onLogout }: UserMenuProps) {
  const { t } = useLingui();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const open = Boolean(anchor);
  const memberInitials = initials(fullName);
  const prefetch = () => void loadPopup();

  return (
    <>
      <IconButton
        id={buttonId}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        // The name holds the initials the button shows (WCAG 2.5.3, label in name).
        aria-label={photoURL ? t`Account menu` : t`Account menu, ${memberInitials}`}
        aria-controls={open ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        className={styles.avatarButton}
      >
        <MemberAvatar name={fullName} photoURL={photoURL} size={34} fontSize={15} />
      </IconButton>
      {wanted ? (
        <Suspense fallback={null}>
          <UserMenuPopup
            menuId={menuId}
            buttonId={buttonId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            onLogout={onLogout}
          />
        </Suspense>
      ) : null}
    </>
  );
}
