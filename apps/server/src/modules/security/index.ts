export { securityRoutes } from "./routes.ts";
