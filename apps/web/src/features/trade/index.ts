/** What other features and the shell may use of trading: the open-trades card and the settlement toast. */
export { OpenTradesCard } from "./OpenTradesCard.tsx";
export { SettledToast } from "./SettledToast.tsx";
