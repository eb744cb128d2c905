import { Trans } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Drawer from "@mui/material/Drawer";
import { type CSSObject, styled, type Theme, useTheme } from "@mui/material/styles";
import Toolbar from "@mui/material/Toolbar";
import useMediaQuery from "@mui/material/useMediaQuery";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Outlet, useLocation, useNavigation } from "react-router";
import { DRAWER_COLLAPSED_WIDTH, DRAWER_WIDTH } from "../app/theme.ts";
import { Logo } from "../components/Logo.tsx";
import { PageLoader } from "../components/PageLoader.tsx";
import { ChatButton, useChatButtonShown } from "../features/chat/index.ts";
import { Ticker } from "../features/market/index.ts";
import { SettledToast } from "../features/trade/index.ts";
import { useMember, useSignOut } from "../lib/member.tsx";
import { paths } from "../lib/paths.ts";
import { Footer } from "./shell/Footer.tsx";
import { ImpersonationBanner } from "./shell/ImpersonationBanner.tsx";
import { menuFor } from "./shell/menu.tsx";
import { SideMenu } from "./shell/SideMenu.tsx";
import { MOBILE_SECOND_ROW, TopBar } from "./shell/TopBar.tsx";

// Shown only after an accrual: its code need not hold up the first paint of every page.
const AccruedToast = lazy(() => import("../features/investment/index.ts").then((m) => ({ default: m.AccruedToast })));

const COLLAPSED_KEY = "helio.drawerCollapsed";

/** The drawer's width, opened or collapsed, sliding as the theme's sharp transitions do. */
const drawerWidth = (theme: Theme, collapsed: boolean): CSSObject => ({
  width: collapsed ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH,
  transition: theme.transitions.create("width", {
    easing: theme.transitions.easing.sharp,
    duration: collapsed ? theme.transitions.duration.leavingScreen : theme.transitions.duration.enteringScreen,
  }),
  overflowX: "hidden",
});

const PermanentDrawer = styled(Drawer, { shouldForwardProp: (prop) => prop !== "collapsed" })<{ collapsed: boolean }>(
  ({ theme, collapsed }) => ({
    flexShrink: 0,
    whiteSpace: "nowrap",
    boxSizing: "border-box",
    ...drawerWidth(theme, collapsed),
    "& .MuiDrawer-paper": drawerWidth(theme, collapsed),
  }),
);

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === "1";
  } catch {
    return false;
  }
}

/** The content area: a spinner while the next screen's code loads, else the screen. */
function Content({ children }: { children?: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const switching = navigation.state === "loading" && navigation.location?.pathname !== location.pathname;
  if (switching) return <PageLoader delayMs={150} />;
  return <>{children ?? <Outlet />}</>;
}

/**
 * The signed-in shell (docs/product.md §5): top bar, side menu (permanent and collapsible on md+,
 * temporary on small screens), impersonation banner, content and footer.
 */
export function Shell({ children }: { children?: ReactNode }) {
  const member = useMember();
  const signOut = useSignOut();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up("md"), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const { pathname } = useLocation();
  const entries = menuFor(member.role);
  const chatShown = useChatButtonShown();

  // The temporary drawer closes on navigation (state adjusted during render, no effect needed).
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setMobileOpen(false);
  }

  const setCollapsedStored = (value: boolean) => {
    setCollapsed(value);
    try {
      window.localStorage.setItem(COLLAPSED_KEY, value ? "1" : "0");
    } catch {
      // Not remembered; fine.
    }
  };

  const onMenuClick = () => {
    if (isDesktop) setCollapsedStored(!collapsed);
    else setMobileOpen((open) => !open);
  };

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: "absolute",
          insetInlineStart: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          bgcolor: "background.paper",
          color: "text.primary",
          px: 2,
          py: 1,
          borderRadius: 1,
          "&:focus": { top: 8 },
        }}
      >
        <Trans>Skip to content</Trans>
      </Box>
      <TopBar
        member={member}
        isDesktop={isDesktop}
        drawerCollapsed={collapsed}
        onMenuClick={onMenuClick}
        onLogout={() => signOut(paths.login)}
      />
      {isDesktop ? (
        <PermanentDrawer variant="permanent" collapsed={collapsed}>
          <Toolbar />
          <SideMenu entries={entries} collapsed={collapsed} onExpandRequest={() => setCollapsedStored(false)} />
        </PermanentDrawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
        >
          <Toolbar>
            <Logo variant="colour" markSx={{ height: 36 }} />
          </Toolbar>
          <SideMenu entries={entries} />
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <Toolbar />
        <Box sx={{ display: { xs: "block", sm: "none" }, height: MOBILE_SECOND_ROW }} />
        <Ticker />
        {member.impersonatedBy ? <ImpersonationBanner fullName={member.fullName} /> : null}
        <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: "none" }}>
          <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 2, sm: 3 } }}>
            <Content>{children}</Content>
          </Container>
        </Box>
        <Footer roomForChat={chatShown} />
      </Box>
      <ChatButton />
      <SettledToast />
      <Suspense fallback={null}>
        <AccruedToast />
      </Suspense>
    </Box>
  );
}
