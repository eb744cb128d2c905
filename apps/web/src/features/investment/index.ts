/**
 * What other features and the shell may use of investments: how packages read, the dashboard's
 * card of active investments and the accrual toast (both loaded lazily there).
 */
export { AccruedToast } from "./AccruedToast.tsx";
export { ActiveInvestmentsCard } from "./ActiveInvestmentsCard.tsx";
export { durationText, formatRate, periodName, termsText } from "./model.ts";
