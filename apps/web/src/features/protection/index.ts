/** Trading responsibly: the limits page, the ways to it, and the notice of a break on the screens it closes. */
export { BreakNotice } from "./BreakNotice.tsx";
export { LimitsButton, LimitsSection } from "./LimitsLinks.tsx";
