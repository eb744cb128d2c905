import Typography from "@mui/material/Typography";
import { useParams } from "react-router";
import { ComingSoon } from "../../components/ComingSoon.tsx";

/** `/investment`. */
export function InvestmentPage() {
  return (
    <ComingSoon
      title="Investment"
      description="Here you will see the investment packages on offer and follow your investments."
    />
  );
}

/** `/add-investment` (no package chosen). */
export function AddInvestmentIndexPage() {
  return (
    <ComingSoon title="Add investment" description="Here you will choose a package and invest from your wallet.">
      <Typography>Select an package</Typography>
    </ComingSoon>
  );
}

/** `/add-investment/:slug`. */
export function AddInvestmentPage() {
  const { slug = "" } = useParams();
  return (
    <ComingSoon title="Add investment" description="Here you will invest in this package from your wallet.">
      <Typography>Package: {slug}</Typography>
    </ComingSoon>
  );
}

/** `/invoice` (no invoice chosen). */
export function InvoiceIndexPage() {
  return (
    <ComingSoon title="Investment invoice" description="Here you will see the invoice of each investment.">
      <Typography>Select an invoice</Typography>
    </ComingSoon>
  );
}

/** `/invoice/:slug`. */
export function InvoicePage() {
  const { slug = "" } = useParams();
  return (
    <ComingSoon title="Investment invoice" description="Here you will see this investment's invoice and its profit.">
      <Typography>Invoice: {slug}</Typography>
    </ComingSoon>
  );
}
