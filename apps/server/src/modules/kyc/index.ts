/** A member's verification as others need it: its status, the back office's view, the queue's size. */
export { kycRoutes } from "./routes.ts";
export { approvedKycNameOf, getAdminKyc, kycStatusOf, pendingKycCount } from "./service.ts";
