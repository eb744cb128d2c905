export { AccountBlockedPage } from "./AccountBlockedPage.tsx";
export { ForgotPasswordPage } from "./ForgotPasswordPage.tsx";
export { LoginAdminPage } from "./LoginAdminPage.tsx";
export { LoginPage } from "./LoginPage.tsx";
export { RegisterPage } from "./RegisterPage.tsx";
export { ResetPasswordPage } from "./ResetPasswordPage.tsx";
export { TwoFactorResetPage } from "./TwoFactorResetPage.tsx";
export { VerifyEmailPage } from "./VerifyEmailPage.tsx";
