import { useLingui } from "@lingui/react/macro";
import { Suspense, useId, useState } from "react";
import { lazyInTheme, loadMuiTheme } from "../../app/lazy-in-theme.tsx";
import { Icon, IconButton, Tooltip } from "../frame/parts.tsx";

// The menu itself (MUI's Menu, about 12 kB gzip) loads when the pointer or focus first reaches the
// button, as the user menu's does: the dashboard's first load stays within its budget.
const loadPopup = () => Promise.all([import("./LanguageMenuPopup.tsx"), loadMuiTheme()]);
const LanguageMenuPopup = lazyInTheme(() => import("./LanguageMenuPopup.tsx").then((m) => m.default));

/** The compact language menu of the top bar and the public pages. */
export function LanguageMenu() {
  const { t } = useLingui();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  const label = t`Language`;
  const prefetch = () => void loadPopup();
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={(event) => {
            setWanted(true);
            setAnchor(event.currentTarget);
          }}
        >
          <Icon name="Translate" />
        </IconButton>
      </Tooltip>
      {wanted ? (
        <Suspense fallback={null}>
          <LanguageMenuPopup menuId={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
