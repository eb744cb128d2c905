// The statement and the profit table: what the member reads, downloads (CSV, PDF) and has mailed.
export { statementRoutes } from "./routes.ts";
