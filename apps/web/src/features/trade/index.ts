/** What other features and the shell may use of trading: the open-trades card, the settlement toast and the mode switch. */

export { ModeSwitchBadge } from "./ModeSwitchBadge.tsx";
export { OpenTradesCard } from "./OpenTradesCard.tsx";
export { SettledToast } from "./SettledToast.tsx";
