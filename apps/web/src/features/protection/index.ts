/** Trading responsibly: the limits page and the ways to it from the profile and security pages. */
export { LimitsButton, LimitsSection } from "./LimitsLinks.tsx";
