/**
 * Trading responsibly: the limits page, the ways to it, the notice of a break on the screens it
 * closes, and the reality check every signed-in screen can show.
 */
export { BreakNotice } from "./BreakNotice.tsx";
export { LimitsButton, LimitsSection } from "./LimitsLinks.tsx";
export { RealityCheck } from "./RealityCheck.tsx";
