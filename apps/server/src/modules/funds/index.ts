export { fundsRoutes } from "./routes.ts";
