/** The terms, privacy notice, risk disclosure and fee schedule: public pages, their links and the risk warning. */
export { legalQuery } from "./api.ts";
export { RiskWarning } from "./RiskWarning.tsx";
