export { FeesPage, PrivacyPage, RiskDisclosurePage, TermsPage } from "./LegalPage.tsx";
