export { chatRoutes } from "./routes.ts";
