export { withdrawalRoutes } from "./routes.ts";
export { withdrawalNumbers } from "./service.ts";
