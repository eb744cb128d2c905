export { ChangePasswordPage } from "./ChangePasswordPage.tsx";
export { ProfilePage } from "./ProfilePage.tsx";
export { UpdateProfilePage } from "./UpdateProfilePage.tsx";
