import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../lib/paths.ts";
import styles from "./legal-links.module.css";

/**
 * The footer's links to the terms, privacy notice, risk disclosure and fee schedule: plain links
 * (no MUI), so the sign-in page and the Shell draw them as well as the other public pages.
 */
export function LegalLinks() {
  const { t } = useLingui();
  const links = [
    { to: paths.terms, label: t`Terms` },
    { to: paths.privacy, label: t`Privacy` },
    { to: paths.riskDisclosure, label: t`Risk disclosure` },
    { to: paths.fees, label: t`Fees` },
  ];
  return (
    <nav aria-label={t`Legal`} className={styles.links}>
      {links.map((link) => (
        <Link key={link.to} to={link.to}>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
