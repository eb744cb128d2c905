export { ProfitTablePage } from "./ProfitTablePage.tsx";
export { StatementPage } from "./StatementPage.tsx";
