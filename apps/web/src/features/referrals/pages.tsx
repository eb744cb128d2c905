import { ComingSoon } from "../../components/ComingSoon.tsx";

/** `/refferals` (seed spelling; menu label Network). */
export function ReferralsPage() {
  return (
    <ComingSoon
      title="Network"
      description="Here you will see the members you referred, by level, and the commissions you earned. Your referral link is already on your profile."
    />
  );
}
