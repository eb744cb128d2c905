export { adminRoutes } from "./routes.ts";
export { memberTotals } from "./service.ts";
