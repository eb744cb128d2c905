import { useLingui } from "@lingui/react/macro";
import CheckIcon from "@mui/icons-material/Check";
import TranslateIcon from "@mui/icons-material/Translate";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import { useId, useState } from "react";
import { LOCALE_NAMES, LOCALES } from "../../lib/i18n.ts";
import { useChooseLocale } from "../../lib/locale-choice.ts";

/** The top bar's compact language menu: each language named in itself, the current one ticked. */
export function LanguageMenu() {
  const { t, i18n } = useLingui();
  const choose = useChooseLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t`Language`;
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LOCALES.map((locale) => {
          const current = i18n.locale === locale;
          return (
            <MenuItem
              key={locale}
              lang={locale}
              selected={current}
              aria-current={current ? "true" : undefined}
              onClick={() => {
                setAnchor(null);
                void choose(locale);
              }}
            >
              <ListItemIcon>{current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{LOCALE_NAMES[locale]}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
