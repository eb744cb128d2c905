import { Trans } from "@lingui/react/macro";
import { LegalLinks } from "../../components/LegalLinks.tsx";
import styles from "../frame/shell.module.css";

/** Copyright line with the current year (docs/product.md §5). */
export function Footer({ roomForChat = false }: { roomForChat?: boolean }) {
  const year = new Date().getFullYear();
  // The floating chat button (56 px, 16–24 px from the corner) must never cover the end of a page:
  // scrolled to the bottom, it sits over this padding instead.
  return (
    <footer className={roomForChat ? `${styles.footer} ${styles.footerChatRoom}` : styles.footer}>
      <p>
        <Trans>© {year} Helio</Trans>
      </p>
      <LegalLinks />
    </footer>
  );
}
