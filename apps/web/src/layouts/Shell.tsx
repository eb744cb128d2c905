import type { Member } from "@helio/shared";
import { Trans } from "@lingui/react/macro";
import { type ComponentType, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Outlet, useLocation, useNavigation } from "react-router";
import { DRAWER_COLLAPSED_WIDTH, DRAWER_WIDTH } from "../app/brand.ts";
import { lazyInTheme } from "../app/lazy-in-theme.tsx";
import { PageLoader } from "../components/PageLoader.tsx";
import { ChatButton, useChatButtonShown } from "../features/chat/index.ts";
import { AccruedToast } from "../features/investment/index.ts";
import { Ticker } from "../features/market/index.ts";
import { SettledToast } from "../features/trade/index.ts";
import { useMember, useSignOut } from "../lib/member.tsx";
import { paths } from "../lib/paths.ts";
import styles from "./frame/shell.module.css";
import { useMediaQuery } from "./frame/use-media-query.ts";
import { Footer } from "./shell/Footer.tsx";
import { menuFor } from "./shell/menu.tsx";
import { SideMenu } from "./shell/SideMenu.tsx";
import { TopBar, TopBarLogo } from "./shell/TopBar.tsx";

// Only while an admin is signed in as this member (its MUI alert and button come with it).
const ImpersonationBanner = lazyInTheme(() =>
  import("./shell/ImpersonationBanner.tsx").then((m) => m.ImpersonationBanner),
);

const COLLAPSED_KEY = "helio.drawerCollapsed";
/** MUI's md breakpoint: the permanent drawer from here up. */
const DESKTOP_QUERY = "(min-width: 900px)";

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
 * The small-screen menu: a modal dialog (the browser traps focus in it, Escape and a click beside it
 * close it) sliding in from the side the page reads from. Its menu mounts when it opens.
 */
function MenuDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape closes the dialog natively.
    <dialog
      ref={dialog}
      className={styles.temporary}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself, outside its box.
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside) onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}

/**
 * The footer, with room for the chat button when it shows. The button depends on the settings, read
 * here rather than in Shell: their answer, which comes after the first paint, then re-renders the
 * footer and not the whole frame.
 */
function ShellFooter() {
  return <Footer roomForChat={useChatButtonShown()} />;
}

/**
 * The signed-in shell (docs/product.md §5): top bar, side menu (permanent and collapsible on md+,
 * a drawer on small screens), impersonation banner, content and footer. Plain CSS, no MUI
 * (decision 0016): the screens inside bring MUI with them.
 */
export function Shell({
  children,
  realityCheck: RealityCheck,
  termsDialog: TermsDialog,
}: {
  children?: ReactNode;
  /**
   * The reality check every member's screen can show (the protection feature's), given by the
   * router: the protection feature's public entry also holds MUI parts of other screens, which the
   * frame must not bring (decision 0017).
   */
  realityCheck?: ComponentType;
  /**
   * The legal feature's dialog asking to accept changed terms, given by the router (lazily: MUI)
   * and shown while the member has not accepted the terms in force.
   */
  termsDialog?: ComponentType<{ member: Member }>;
}) {
  const member = useMember();
  const signOut = useSignOut();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const { pathname } = useLocation();
  const entries = menuFor(member.role);

  // The drawer closes on navigation (state adjusted during render, no effect needed).
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

  const drawerWidth = {
    "--drawer-width": `${collapsed ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH}px`,
  } as React.CSSProperties;
  return (
    <div className={styles.root}>
      <a className={styles.skip} href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <TopBar
        member={member}
        isDesktop={isDesktop}
        drawerCollapsed={collapsed}
        onMenuClick={onMenuClick}
        onLogout={() => signOut(paths.login)}
      />
      {isDesktop ? (
        <div
          className={collapsed ? `${styles.permanent} ${styles.permanentCollapsed}` : styles.permanent}
          style={drawerWidth}
        >
          <div className={styles.drawerPaper}>
            <div className={styles.toolbarSpace} />
            <SideMenu entries={entries} collapsed={collapsed} onExpandRequest={() => setCollapsedStored(false)} />
          </div>
        </div>
      ) : (
        <MenuDrawer open={mobileOpen} onClose={() => setMobileOpen(false)}>
          <div className={styles.toolbar}>
            <TopBarLogo variant="colour" height={50} />
          </div>
          <SideMenu entries={entries} />
        </MenuDrawer>
      )}
      <div className={styles.column}>
        <div className={styles.toolbarSpace} />
        <div className={styles.mobileRowSpace} />
        <Ticker />
        {member.impersonatedBy ? (
          <Suspense fallback={null}>
            <ImpersonationBanner fullName={member.fullName} />
          </Suspense>
        ) : null}
        <main id="main" tabIndex={-1} className={styles.main}>
          <div className={styles.container}>
            <Content>{children}</Content>
          </div>
        </main>
        <ShellFooter />
      </div>
      <ChatButton />
      {/* Each loads its MUI notice or dialog only when there is something to show. */}
      <SettledToast />
      <AccruedToast />
      {member.role === "member" && RealityCheck ? <RealityCheck /> : null}
      {TermsDialog && !member.terms.accepted ? (
        <Suspense fallback={null}>
          <TermsDialog member={member} />
        </Suspense>
      ) : null}
    </div>
  );
}
