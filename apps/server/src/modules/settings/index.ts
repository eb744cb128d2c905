/** The operators' settings, read live by every feature that has a limit or a rate. */
export { settingsRoutes } from "./routes.ts";
export { createSettingsService, type SettingsService } from "./service.ts";
