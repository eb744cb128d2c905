export { beginDraining, readinessOf } from "./readiness.ts";
export { healthRoutes } from "./routes.ts";
