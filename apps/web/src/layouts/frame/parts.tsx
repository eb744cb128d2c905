import {
  type ButtonHTMLAttributes,
  type CSSProperties,
  cloneElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import styles from "./frame.module.css";
import { ICON_PATHS, type IconName } from "./icon-paths.ts";

/** A 24 px Material icon in the current colour; decorative (the control around it is named). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className ? `${styles.icon} ${className}` : styles.icon}
      viewBox="0 0 24 24"
      focusable="false"
      aria-hidden="true"
    >
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** An icon that says something by itself (a step done or to do): an image named `title`. */
export function TitledIcon({ name, title, className }: { name: IconName; title: string; className?: string }) {
  return (
    <svg
      className={className ? `${styles.icon} ${className}` : styles.icon}
      viewBox="0 0 24 24"
      focusable="false"
      role="img"
    >
      <title>{title}</title>
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/**
 * A round icon button, as MUI's IconButton draws it: 40 px in the bar's colour, or `small` (30 px)
 * in the page's icon colour. `edgeStart` pulls it to the bar's edge.
 */
export function IconButton({
  edgeStart = false,
  small = false,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { edgeStart?: boolean; small?: boolean }) {
  const classes = [styles.iconButton, edgeStart ? styles.edgeStart : "", small ? styles.small : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return <button type="button" className={classes} {...props} />;
}

/** A grey bar standing in for text that is still loading, as wide as the text will be. */
export function Skeleton({ width, onDark = false }: { width: number | string; onDark?: boolean }) {
  return (
    <span
      className={onDark ? `${styles.skeleton} ${styles.skeletonOnDark}` : styles.skeleton}
      style={{ width }}
      data-skeleton=""
    />
  );
}

type Placement = "bottom" | "end";

/**
 * A tooltip shown while the pointer is over its anchor or the anchor has focus (Escape hides it),
 * placed beside the anchor and kept inside the viewport. `describeChild`: the tooltip describes
 * the anchor (aria-describedby) instead of only repeating its name.
 */
export function Tooltip({
  title,
  children,
  placement = "bottom",
  describeChild = false,
}: {
  title: ReactNode;
  children: ReactElement<Record<string, unknown>>;
  placement?: Placement;
  describeChild?: boolean;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const [position, setPosition] = useState<CSSProperties>({ visibility: "hidden" });

  useLayoutEffect(() => {
    if (!anchor || !tip.current) return;
    const a = anchor.getBoundingClientRect();
    const t = tip.current.getBoundingClientRect();
    const gap = 14;
    const viewportWidth = document.documentElement.clientWidth;
    const rtl = getComputedStyle(anchor).direction === "rtl";
    let left: number;
    let top: number;
    if (placement === "bottom") {
      left = a.left + a.width / 2 - t.width / 2;
      top = a.bottom + gap;
    } else {
      left = rtl ? a.left - gap - t.width : a.right + gap;
      top = a.top + a.height / 2 - t.height / 2;
    }
    left = Math.max(8, Math.min(left, viewportWidth - t.width - 8));
    setPosition({ left, top });
  }, [anchor, placement]);

  useLayoutEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setAnchor(null);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [anchor]);

  // A tap shows the tooltip for a few seconds (the finger leaves at once), as MUI's leaveTouchDelay.
  const touchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(touchTimer.current), []);
  const show = (event: { currentTarget: EventTarget }) => {
    clearTimeout(touchTimer.current);
    setPosition({ visibility: "hidden" });
    setAnchor(event.currentTarget as HTMLElement);
  };
  const hide = () => {
    clearTimeout(touchTimer.current);
    setAnchor(null);
  };
  const open = anchor !== null;
  const child = cloneElement(children, {
    onPointerEnter: (event: React.PointerEvent) => {
      show(event);
      (children.props.onPointerEnter as ((e: React.PointerEvent) => void) | undefined)?.(event);
    },
    onPointerLeave: (event: React.PointerEvent) => {
      if (event.pointerType !== "touch") hide();
      else touchTimer.current = setTimeout(() => setAnchor(null), 5000);
    },
    onFocus: (event: React.FocusEvent) => {
      show(event);
      (children.props.onFocus as ((e: React.FocusEvent) => void) | undefined)?.(event);
    },
    onBlur: hide,
    "aria-describedby": describeChild && open ? id : undefined,
  });
  return (
    <>
      {child}
      {open ? (
        <span ref={tip} id={id} role="tooltip" className={styles.tooltip} style={position}>
          {title}
        </span>
      ) : null}
    </>
  );
}
