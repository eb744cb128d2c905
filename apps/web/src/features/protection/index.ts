/**
 * Trading responsibly: the limits page, the ways to it and the notice of a break on the screens it
 * closes. The reality check every signed-in screen can show (RealityCheck.tsx) is given to the
 * frame by the router, without the MUI parts of this entry (decision 0017).
 */
export { BreakNotice } from "./BreakNotice.tsx";
export { LimitsButton, LimitsSection } from "./LimitsLinks.tsx";
