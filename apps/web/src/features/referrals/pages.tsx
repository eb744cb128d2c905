export { ReferralsPage } from "./ReferralsPage.tsx";
