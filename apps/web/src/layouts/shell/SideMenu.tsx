import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { paths } from "../../lib/paths.ts";
import { Icon, Tooltip } from "../frame/parts.tsx";
import styles from "../frame/shell.module.css";
import { groupKey, groupsContaining, isActivePath, type MenuEntry, type MenuGroup } from "./menu.tsx";

interface SideMenuProps {
  entries: readonly MenuEntry[];
  /** Icons only (the collapsed permanent drawer). */
  collapsed?: boolean;
  /** Asks the drawer to expand (a group was clicked while collapsed). */
  onExpandRequest?: () => void;
}

const textClass = (collapsed: boolean) => (collapsed ? `${styles.itemText} ${styles.itemTextHidden}` : styles.itemText);

/** Labels icon-only items with a tooltip; no tooltip (and no extra name) when the text is visible. */
function MaybeTooltip({ show, title, children }: { show: boolean; title: string; children: React.ReactElement }) {
  return show ? (
    <Tooltip title={title} placement="end">
      {children as React.ReactElement<Record<string, unknown>>}
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
  const shown = open && !collapsed;
  return (
    <li>
      <MaybeTooltip show={collapsed} title={label}>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={shown}
          aria-controls={listId}
          className={containsActive ? `${styles.item} ${styles.groupActive}` : styles.item}
        >
          <span className={styles.itemIcon}>
            <Icon name={group.icon} />
          </span>
          <span className={textClass(collapsed)}>{label}</span>
          {collapsed ? null : <Icon name={shown ? "ExpandLess" : "ExpandMore"} />}
        </button>
      </MaybeTooltip>
      {shown ? (
        <ul id={listId} className={styles.subList} aria-label={label}>
          {group.children.map((child) => (
            <li key={child.to}>
              <NavLink to={child.to} className={`${styles.item} ${styles.child}`}>
                <span className={textClass(collapsed)}>{i18n._(child.label)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
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
      <ul className={styles.menuList}>
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
          return (
            <li key={entry.to}>
              <MaybeTooltip show={collapsed} title={i18n._(entry.label)}>
                <NavLink to={entry.to} end={entry.to === paths.dashboard} className={styles.item}>
                  <span className={styles.itemIcon}>
                    <Icon name={entry.icon} />
                  </span>
                  <span className={textClass(collapsed)}>{i18n._(entry.label)}</span>
                </NavLink>
              </MaybeTooltip>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
