import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../lib/api.ts";
import styles from "./list-card.module.css";

interface ListCardProps {
  /** The id of the h2 that names the card. */
  id: string;
  title: string;
  /** The query of the items: its error, or a placeholder until it has an answer. */
  query: Pick<UseQueryResult, "isError" | "error" | "data">;
  /** What to say (and link to) when the answer has no items; null while there are some. */
  empty: ReactNode;
  /** The link under the list to the screen with all the items; none when null. */
  more?: { to: string; label: string } | null;
  /** The items, as `li`s. */
  children: ReactNode;
}

/**
 * A dashboard card of a short list (the next open trades, the last transactions…) with a link to the
 * full screen. Plain CSS, as MUI's outlined card drew it: the dashboard loads no MUI (decision 0017).
 */
export function ListCard({ id, title, query, empty, more, children }: ListCardProps) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.h2}>
        {title}
      </h2>
      {query.isError ? (
        <div role="alert" className={styles.error}>
          {errorMessage(query.error)}
        </div>
      ) : !query.data ? (
        <span className={styles.placeholder} data-skeleton="" />
      ) : empty ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.list}>{children}</ul>
      )}
      {more ? (
        <RouterLink className={`${styles.link} ${styles.more}`} to={more.to}>
          {more.label}
        </RouterLink>
      ) : null}
    </section>
  );
}

/** A link inside a card's text, as MUI's Link draws it. */
export function CardLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <RouterLink className={className ? `${styles.link} ${className}` : styles.link} to={to}>
      {children}
    </RouterLink>
  );
}

export { styles as listCardStyles };
