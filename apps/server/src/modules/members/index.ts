/** Members as others change and show them: the profile feature edits a member's details and photo. */
export { toMember } from "./member.ts";
export { replacePhoto, updateLocale, updateProfile } from "./queries.ts";
export { memberRoutes } from "./routes.ts";
