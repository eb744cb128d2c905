import type { Member } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import DarkModeIcon from "@mui/icons-material/DarkMode";
import LightModeIcon from "@mui/icons-material/LightMode";
import MenuIcon from "@mui/icons-material/Menu";
import MenuOpenIcon from "@mui/icons-material/MenuOpen";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import { useTheme } from "@mui/material/styles";
import Toolbar from "@mui/material/Toolbar";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import visuallyHidden from "@mui/utils/visuallyHidden";
import { Logo } from "../../components/Logo.tsx";
import { Money } from "../../components/Money.tsx";
import { NotificationBell } from "../../features/notifications/index.ts";
import { ModeSwitchBadge } from "../../features/trade/index.ts";
import { useMemberBalances, useMoneyLive } from "../../lib/balances.ts";
import { useThemeMode } from "../../lib/theme-mode.ts";
import { LanguageMenu } from "./LanguageMenu.tsx";
import { UserMenu } from "./UserMenu.tsx";

/** An icon that points the way the page reads: mirrored right to left. */
const FLIP_IN_RTL = { "[dir=rtl] &": { transform: "scaleX(-1)" } };

/** Height of the balance row under the toolbar on phones. */
export const MOBILE_SECOND_ROW = 36;

/**
 * The balance of the money the member trades with: the real wallet in Real mode, practice money in
 * Free mode, named so the two are never confused. The other balance is a hover or tap away (the
 * tooltip) and always in the group's text for assistive technology.
 */
function Balance({ member }: { member: Member }) {
  const { t } = useLingui();
  const balances = useMemberBalances();
  const real = balances.data?.wallet ?? 0;
  const practice = balances.data?.demo ?? 0;
  const [shown, other] = member.userTrading
    ? [
        { label: t`Balance`, cents: real },
        { label: t`Practice`, cents: practice },
      ]
    : [
        { label: t`Practice`, cents: practice },
        { label: t`Real wallet`, cents: real },
      ];
  const otherLabel = other.label;
  const both = (
    <>
      <Trans>
        Real wallet: <Money cents={real} currency={member.currency} />
      </Trans>
      <br />
      <Trans>
        Practice: <Money cents={practice} currency={member.currency} />
      </Trans>
    </>
  );
  return (
    <Tooltip title={both} enterTouchDelay={0} leaveTouchDelay={5000} describeChild>
      <Box
        role="group"
        aria-label={t`Wallet balance`}
        // Focusable so keyboard users reach the tooltip with both balances too.
        tabIndex={0}
        sx={{ display: "flex", alignItems: "baseline", gap: 0.75, minWidth: 0, borderRadius: 1, cursor: "default" }}
      >
        <Typography component="span" variant="caption" sx={{ color: "rgba(255,255,255,0.8)" }}>
          {shown.label}
        </Typography>
        {balances.isPending ? (
          <Skeleton variant="text" width={96} sx={{ bgcolor: "rgba(255,255,255,0.2)" }} />
        ) : (
          // In the member's currency; live through the `balances` message (useMoneyLive).
          <>
            <Money
              cents={shown.cents}
              currency={member.currency}
              sx={{ fontWeight: 700, fontSize: { xs: "0.95rem", sm: "1rem" } }}
            />
            <Box component="span" sx={visuallyHidden}>
              {t`, ${otherLabel}: `}
              <Money cents={other.cents} currency={member.currency} />
            </Box>
          </>
        )}
      </Box>
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
  const theme = useTheme();
  useMoneyLive();
  // One balance and badge in the DOM: in the toolbar from sm up, in a second row on phones.
  const isWide = useMediaQuery(theme.breakpoints.up("sm"), { noSsr: true });
  const menuLabel = isDesktop ? (drawerCollapsed ? t`Expand menu` : t`Collapse menu`) : t`Open menu`;
  const themeLabel = mode === "light" ? t`Switch to dark mode` : t`Switch to light mode`;

  return (
    <AppBar
      position="fixed"
      elevation={0}
      // Above the permanent drawer on wide screens; under the temporary (modal) drawer on small ones.
      sx={{ zIndex: (theme) => (isDesktop ? theme.zIndex.drawer + 1 : theme.zIndex.appBar) }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        <IconButton color="inherit" edge="start" onClick={onMenuClick} aria-label={menuLabel}>
          {isDesktop && !drawerCollapsed ? <MenuOpenIcon sx={FLIP_IN_RTL} /> : <MenuIcon />}
        </IconButton>
        <Logo variant="white" />
        <Box sx={{ flexGrow: 1 }} />
        {isWide ? (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
            <Balance member={member} />
            <ModeSwitchBadge member={member} />
          </Box>
        ) : null}
        <NotificationBell />
        <LanguageMenu />
        <Tooltip title={themeLabel}>
          <IconButton color="inherit" onClick={toggleMode} aria-label={themeLabel}>
            {mode === "light" ? <DarkModeIcon /> : <LightModeIcon />}
          </IconButton>
        </Tooltip>
        <UserMenu fullName={member.fullName} photoURL={member.photoURL} onLogout={onLogout} />
      </Toolbar>
      {isWide ? null : (
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            gap: 1,
            px: 2,
            height: MOBILE_SECOND_ROW,
          }}
        >
          <Balance member={member} />
          <ModeSwitchBadge member={member} />
        </Box>
      )}
    </AppBar>
  );
}
