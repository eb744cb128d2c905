import rtlPlugin from "@mui/stylis-plugin-rtl";
import { prefixer } from "stylis";

/** MUI's right-to-left recipe for Emotion: every left/right in the styles flipped (cssjanus). */
export const RTL_STYLIS_PLUGINS = [prefixer, rtlPlugin];
