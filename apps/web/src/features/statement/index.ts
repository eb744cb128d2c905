/** The statement and the profit table: their pages and the ways to them. */
export { StatementButton, StatementLinks } from "./StatementLinks.tsx";
