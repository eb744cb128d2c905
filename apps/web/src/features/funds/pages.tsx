export { FundsBonusPage, FundsProfitPage } from "./FundsPage.tsx";
export { WithdrawalBonusPage, WithdrawalProfitPage } from "./FundWithdrawalPage.tsx";
