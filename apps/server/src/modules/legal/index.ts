/** What a regulated platform shows before anyone trades: the terms, privacy, risk and fee pages' texts. */
export { legalRoutes } from "./routes.ts";
export { DEFAULT_LEGAL_TEXTS, withLegalDefaults } from "./defaults.ts";
