import { useEffect, useRef } from "react";

/**
 * The CSS variable other floating controls (the chat button) read to stay above the order bar
 * while it is docked at the bottom of a phone's screen: its height in pixels, 0 px otherwise.
 */
export const DOCKED_BAR_VARIABLE = "--helio-docked-bar";

/** Publishes the height of the element it is given while that element is fixed to the screen. */
export function useDockedBarHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement.style;
    const measure = () => {
      const docked = getComputedStyle(element).position === "fixed";
      root.setProperty(DOCKED_BAR_VARIABLE, `${docked ? Math.ceil(element.getBoundingClientRect().height) : 0}px`);
    };
    measure();
    // Browsers without it (and jsdom) measure on window resizes only.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    // The breakpoint that docks it may be crossed without the bar changing size.
    window.addEventListener("resize", measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", measure);
      root.removeProperty(DOCKED_BAR_VARIABLE);
    };
  }, []);
  return ref;
}
