/** What a regulated platform shows before anyone trades: the terms, privacy, risk and fee pages' texts. */

export { DEFAULT_LEGAL_TEXTS, withLegalDefaults } from "./defaults.ts";
export { legalRoutes } from "./routes.ts";
