/** Members as others change and show them: the profile feature edits a member's details and photo. */
export { toMember } from "./member.ts";
export { memberRoutes } from "./routes.ts";
export { memberProfileService } from "./service.ts";
export { termsGuard } from "./terms.ts";
