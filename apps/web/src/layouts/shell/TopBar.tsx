import type { Member } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RouterLink } from "react-router";
import { LogoMarkPlain } from "../../components/LogoShapes.tsx";
import { Money } from "../../components/Money.tsx";
import { NotificationBell } from "../../features/notifications/index.ts";
import { ModeSwitchBadge } from "../../features/trade/index.ts";
import { useMemberBalances, useMoneyLive } from "../../lib/balances.ts";
import { paths } from "../../lib/paths.ts";
import { useThemeMode } from "../../lib/theme-mode.ts";
import { Icon, IconButton, Skeleton, Tooltip } from "../frame/parts.tsx";
import styles from "../frame/shell.module.css";
import { useMediaQuery } from "../frame/use-media-query.ts";
import { LanguageMenu } from "./LanguageMenu.tsx";
import { UserMenu } from "./UserMenu.tsx";

/** The logo as a link to `/`: white in the bar (40 px high), coloured in the drawer. */
export function TopBarLogo({ variant = "white", height = 40 }: { variant?: "white" | "colour"; height?: number }) {
  const { t } = useLingui();
  return (
    <RouterLink
      to={paths.dashboard}
      aria-label={t`Helio home`}
      className={variant === "white" ? `${styles.logo} ${styles.logoOnDark}` : styles.logo}
    >
      <LogoMarkPlain variant={variant} height={height} />
    </RouterLink>
  );
}

/**
 * The balance of the money the member trades with: the real wallet in Real mode, practice money in
 * Free mode, named so the two are never confused. The other balance is a hover or tap away (the
 * tooltip) and always in the group's text for assistive technology.
 */
function Balance({ member }: { member: Member }) {
  const { t } = useLingui();
  const balances = useMemberBalances();
  const real = balances.data?.wallet ?? 0n;
  const practice = balances.data?.demo ?? 0n;
  const [shown, other] = member.userTrading
    ? [
        { label: t`Balance`, microcents: real },
        { label: t`Practice`, microcents: practice },
      ]
    : [
        { label: t`Practice`, microcents: practice },
        { label: t`Real wallet`, microcents: real },
      ];
  const otherLabel = other.label;
  const both = (
    <>
      <Trans>
        Real wallet: <Money microcents={real} currency={member.currency} />
      </Trans>
      <br />
      <Trans>
        Practice: <Money microcents={practice} currency={member.currency} />
      </Trans>
    </>
  );
  return (
    <Tooltip title={both} describeChild>
      {/* biome-ignore lint/a11y/useSemanticElements: a named group of text, not a form's fieldset. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users reach the tooltip with both balances too. */}
      <div role="group" aria-label={t`Wallet balance`} tabIndex={0} className={styles.balance}>
        <span className={styles.balanceLabel}>{shown.label}</span>
        {balances.isPending ? (
          <Skeleton width={96} onDark />
        ) : (
          // In the member's currency; live through the `balances` message (useMoneyLive).
          <>
            <span className={styles.balanceAmount}>
              <Money microcents={shown.microcents} currency={member.currency} />
            </span>
            <span className={styles.visuallyHidden}>
              {t`, ${otherLabel}: `}
              <Money microcents={other.microcents} currency={member.currency} />
            </span>
          </>
        )}
      </div>
    </Tooltip>
  );
}

interface TopBarProps {
  member: Member;
  isDesktop: boolean;
  drawerCollapsed: boolean;
  onMenuClick: () => void;
  onLogout: () => Promise<void>;
}

/**
 * Top bar (docs/product.md §5): menu button, white logo, balance, Real/Free badge, the notifications
 * bell, theme toggle, user menu.
 */
export function TopBar({ member, isDesktop, drawerCollapsed, onMenuClick, onLogout }: TopBarProps) {
  const { t } = useLingui();
  const { mode, toggleMode } = useThemeMode();
  useMoneyLive();
  // One balance and badge in the DOM: in the toolbar from sm up, in a second row on phones.
  const isWide = useMediaQuery("(min-width: 600px)");
  const menuLabel = isDesktop ? (drawerCollapsed ? t`Expand menu` : t`Collapse menu`) : t`Open menu`;
  const themeLabel = mode === "light" ? t`Switch to dark mode` : t`Switch to light mode`;

  return (
    // Above the permanent drawer on wide screens; under the modal drawer on small ones.
    <header className={isDesktop ? `${styles.appBar} ${styles.appBarOverDrawer}` : styles.appBar}>
      <div className={styles.toolbar}>
        <IconButton edgeStart onClick={onMenuClick} aria-label={menuLabel}>
          {isDesktop && !drawerCollapsed ? <Icon name="MenuOpen" className={styles.flipInRtl} /> : <Icon name="Menu" />}
        </IconButton>
        <TopBarLogo />
        <div className={styles.grow} />
        {isWide ? (
          <div className={styles.barBalance}>
            <Balance member={member} />
            <ModeSwitchBadge member={member} />
          </div>
        ) : null}
        <NotificationBell />
        <LanguageMenu />
        <Tooltip title={themeLabel}>
          <IconButton onClick={toggleMode} aria-label={themeLabel}>
            <Icon name={mode === "light" ? "DarkMode" : "LightMode"} />
          </IconButton>
        </Tooltip>
        <UserMenu fullName={member.fullName} photoURL={member.photoURL} onLogout={onLogout} />
      </div>
      {isWide ? null : (
        <div className={styles.mobileRow}>
          <Balance member={member} />
          <ModeSwitchBadge member={member} />
        </div>
      )}
    </header>
  );
}
