import { useLingui } from "@lingui/react/macro";
import CheckIcon from "@mui/icons-material/Check";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { LOCALE_NAMES, LOCALES } from "../../lib/i18n.ts";
import { useChooseLocale } from "../../lib/locale-choice.ts";

interface LanguageMenuPopupProps {
  menuId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The languages, each named in itself, the current one ticked. Loaded when first wanted. */
export default function LanguageMenuPopup({ menuId, anchor, onClose }: LanguageMenuPopupProps) {
  const { i18n } = useLingui();
  const choose = useChooseLocale();
  return (
    <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LOCALES.map((locale) => {
        const current = i18n.locale === locale;
        return (
          <MenuItem
            key={locale}
            lang={locale}
            selected={current}
            aria-current={current ? "true" : undefined}
            onClick={() => {
              onClose();
              void choose(locale);
            }}
          >
            <ListItemIcon>{current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{LOCALE_NAMES[locale]}</ListItemText>
          </MenuItem>
        );
      })}
    </Menu>
  );
}
