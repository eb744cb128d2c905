/**
 * Where the app's toasts (MUI Snackbars) sit. On a phone the bottom of the screen holds the chat's
 * text box and Send button and most pages' last controls, so a toast there would cover them and take
 * their clicks: it sits under the top bar and the ticker instead (56 + 36 + 32 px, and a gap), and
 * under the open chat panel and menu rather than over them. Wider screens keep MUI's placement.
 */
export const TOAST_PLACEMENT_SX = {
  zIndex: 1245,
  "@media (max-width: 599.95px)": { top: 132, bottom: "auto" },
} as const;
