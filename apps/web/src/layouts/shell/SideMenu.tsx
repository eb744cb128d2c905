import { useLingui } from "@lingui/react/macro";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Collapse from "@mui/material/Collapse";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import { alpha, type Theme } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import { type ReactElement, useEffect, useId, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { paths } from "../../lib/paths.ts";
import { groupKey, groupsContaining, isActivePath, type MenuEntry, type MenuGroup } from "./menu.tsx";

interface SideMenuProps {
  entries: readonly MenuEntry[];
  /** Icons only (the collapsed permanent drawer). */
  collapsed?: boolean;
  /** Asks the drawer to expand (a group was clicked while collapsed). */
  onExpandRequest?: () => void;
}

const itemSx = {
  minHeight: 44,
  borderRadius: 2,
  mx: 1,
  my: 0.25,
  "&.active": {
    bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, theme.palette.mode === "dark" ? 0.22 : 0.12),
    boxShadow: (theme: Theme) => `inset 3px 0 0 ${theme.palette.primary.main}`,
    "& .MuiListItemText-primary": { fontWeight: 700 },
    "& .MuiListItemIcon-root": { color: "primary.main" },
  },
};

const textSx = (collapsed: boolean) => ({
  opacity: collapsed ? 0 : 1,
  transition: "opacity 150ms",
  whiteSpace: "nowrap",
  m: 0,
});

/** Labels icon-only items with a tooltip; no tooltip (and no extra name) when the text is visible. */
function MaybeTooltip({ show, title, children }: { show: boolean; title: string; children: ReactElement }) {
  return show ? (
    <Tooltip title={title} placement="right">
      {children}
    </Tooltip>
  ) : (
    children
  );
}

function Group({
  group,
  open,
  collapsed,
  onToggle,
}: {
  group: MenuGroup;
  open: boolean;
  collapsed: boolean;
  onToggle: () => void;
}) {
  const { i18n } = useLingui();
  const listId = useId();
  const { pathname } = useLocation();
  const label = i18n._(group.label);
  const containsActive = group.children.some((child) => isActivePath(pathname, child.to));
  const Icon = group.icon;
  const shown = open && !collapsed;
  return (
    <li>
      <MaybeTooltip show={collapsed} title={label}>
        <ListItemButton
          onClick={onToggle}
          aria-expanded={shown}
          aria-controls={listId}
          sx={[itemSx, containsActive ? { "& .MuiListItemIcon-root": { color: "primary.main" } } : {}]}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon />
          </ListItemIcon>
          <ListItemText primary={label} sx={textSx(collapsed)} />
          {collapsed ? null : shown ? <ExpandLessIcon aria-hidden="true" /> : <ExpandMoreIcon aria-hidden="true" />}
        </ListItemButton>
      </MaybeTooltip>
      <Collapse in={shown} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding aria-label={label}>
          {group.children.map((child) => (
            <li key={child.to}>
              <ListItemButton component={NavLink} to={child.to} sx={[itemSx, { pl: 7.5 }]}>
                <ListItemText primary={i18n._(child.label)} sx={textSx(collapsed)} />
              </ListItemButton>
            </li>
          ))}
        </List>
      </Collapse>
    </li>
  );
}

/** The side navigation (docs/product.md §5): links and groups that expand and collapse on click. */
export function SideMenu({ entries, collapsed = false, onExpandRequest }: SideMenuProps) {
  const { i18n, t } = useLingui();
  const { pathname } = useLocation();
  const [openGroups, setOpenGroups] = useState<Set<string>>(() => new Set(groupsContaining(pathname, entries)));

  // Navigating into a group (e.g. from a link on a page) opens it.
  useEffect(() => {
    const active = groupsContaining(pathname, entries);
    if (active.length === 0) return;
    setOpenGroups((current) => {
      if (active.every((key) => current.has(key))) return current;
      return new Set([...current, ...active]);
    });
  }, [pathname, entries]);

  const toggle = (key: string) => {
    if (collapsed) {
      onExpandRequest?.();
      setOpenGroups((current) => new Set([...current, key]));
      return;
    }
    setOpenGroups((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  };

  return (
    <nav aria-label={t`Main menu`}>
      <List sx={{ py: 1 }}>
        {entries.map((entry) => {
          if (entry.kind === "group") {
            return (
              <Group
                key={groupKey(entry)}
                group={entry}
                open={openGroups.has(groupKey(entry))}
                collapsed={collapsed}
                onToggle={() => toggle(groupKey(entry))}
              />
            );
          }
          const Icon = entry.icon;
          return (
            <li key={entry.to}>
              <MaybeTooltip show={collapsed} title={i18n._(entry.label)}>
                <ListItemButton component={NavLink} to={entry.to} end={entry.to === paths.dashboard} sx={itemSx}>
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText primary={i18n._(entry.label)} sx={textSx(collapsed)} />
                </ListItemButton>
              </MaybeTooltip>
            </li>
          );
        })}
      </List>
    </nav>
  );
}
