import { type ComponentType, lazy } from "react";

/** MUI, its theme and Emotion: one chunk, loaded by the first part of the page drawn with MUI. */
export const loadMuiTheme = () => import("./mui-theme.tsx");

/**
 * `lazy()` for a component drawn with MUI: its code and MUI's theme load together, and it renders
 * inside that theme (`ThemeScope`). The frame and the dashboard have no MUI of their own (decision
 * 0017), so whatever they show with MUI (a menu, a panel, a toast, a dialog) comes this way.
 */
export function lazyInTheme<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { ThemeScope }] = await Promise.all([load(), loadMuiTheme()]);
    // Made once per lazy component, when its code has arrived: its identity never changes afterwards.
    // biome-ignore lint/correctness/noComponentHookFactories: lazy() needs a component, and this one needs the loaded one.
    function Themed(props: P) {
      return (
        <ThemeScope>
          <Component {...props} />
        </ThemeScope>
      );
    }
    return { default: Themed };
  });
}
