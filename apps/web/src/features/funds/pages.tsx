import { ComingSoon } from "../../components/ComingSoon.tsx";

/** `/funds-bonus`. */
export function FundsBonusPage() {
  return <ComingSoon title="Funds Bonus" description="Here you will see your referral bonus fund and its history." />;
}

/** `/funds-profit`. */
export function FundsProfitPage() {
  return (
    <ComingSoon title="Funds Profit" description="Here you will see your investment profit fund and its history." />
  );
}

/** `/withdrawal-bonus`. */
export function WithdrawalBonusPage() {
  return (
    <ComingSoon title="Withdrawal Bonus" description="Here you will move money from your bonus fund to your wallet." />
  );
}

/** `/withdrawal-profit`. */
export function WithdrawalProfitPage() {
  return (
    <ComingSoon
      title="Withdrawal Profit"
      description="Here you will move money from your profit fund to your wallet."
    />
  );
}
