/**
 * The first screen's reads wait until the browser has painted that screen. A signed-in screen mounts
 * with about ten cards and bars that each read their data as they mount; sent at once, those reads
 * take the phone's connections and the main thread (answers, checks, renders) before the member's
 * screen is on the glass. Sent once it is, they do not: Lighthouse's mobile run of the dashboard,
 * largest paint 2.8 s → 2.5 s (docs/decisions/0019-the-first-screen-before-its-reads.md).
 */

/** The longest a read waits: a background tab paints nothing, and a screen may hold no new largest element. */
export const FIRST_PAINT_WAIT_MS = 250;

/**
 * A gate that opens when the browser reports the next largest paint after it was first asked (the
 * screen being drawn then), or after a frame where it reports none, or at the latest after
 * `FIRST_PAINT_WAIT_MS`. Every later wait finds it open.
 */
export function createPaintGate(): () => Promise<void> {
  let opened: Promise<void> | undefined;
  return () => {
    opened ??= new Promise<void>((resolve) => {
      let observer: PerformanceObserver | undefined;
      const open = () => {
        observer?.disconnect();
        clearTimeout(fallback);
        resolve();
      };
      const fallback = setTimeout(open, FIRST_PAINT_WAIT_MS);
      if (
        typeof PerformanceObserver === "function" &&
        PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")
      ) {
        observer = new PerformanceObserver(open);
        observer.observe({ type: "largest-contentful-paint" });
      } else if (typeof requestAnimationFrame === "function") {
        requestAnimationFrame(() => setTimeout(open, 0));
      } else {
        open();
      }
    });
    return opened;
  };
}

/** The page's gate, which `apiFetch` passes each read through. */
export const afterFirstPaint = createPaintGate();
