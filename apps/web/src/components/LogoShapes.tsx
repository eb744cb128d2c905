import { BRAND } from "../app/brand.ts";

// The drawing of the logo, without MUI: the MUI Logo and the sign-in page (decision 0013) both use it.

const CENTER = 20;
const RAYS = Array.from({ length: 12 }, (_, i) => {
  const angle = (i * Math.PI) / 6;
  const inner = i % 2 === 0 ? 12 : 12.5;
  const outer = i % 2 === 0 ? 18 : 16;
  return {
    x1: +(CENTER + inner * Math.cos(angle)).toFixed(2),
    y1: +(CENTER + inner * Math.sin(angle)).toFixed(2),
    x2: +(CENTER + outer * Math.cos(angle)).toFixed(2),
    y2: +(CENTER + outer * Math.sin(angle)).toFixed(2),
  };
});

export type LogoVariant = "white" | "colour";
export const LOGO_VIEWBOX = "0 0 118 40";

/** The sun with twelve rays and the wordmark, inside an `<svg viewBox={LOGO_VIEWBOX}>`. */
export function LogoShapes({ variant, wordmark }: { variant: LogoVariant; wordmark?: string }) {
  const white = variant === "white";
  const rays = white ? "#ffffff" : BRAND.primary;
  const disc = white ? "#ffffff" : BRAND.accent;
  const ring = white ? "#ffffff" : BRAND.primary;
  const text = white ? "#ffffff" : (wordmark ?? BRAND.dark);
  return (
    <>
      <g stroke={rays} strokeWidth={2.6} strokeLinecap="round">
        {RAYS.map((ray) => (
          <line key={`${ray.x1}-${ray.y1}`} {...ray} />
        ))}
      </g>
      <circle cx={CENTER} cy={CENTER} r={8.5} fill={disc} stroke={ring} strokeWidth={white ? 0 : 2} />
      {white ? <circle cx={CENTER} cy={CENTER} r={4} fill={BRAND.dark} opacity={0.18} /> : null}
      <text
        x={44}
        y={28.5}
        // The brand reads left to right in every language: right to left, the text would end at x.
        direction="ltr"
        fill={text}
        fontSize={25}
        fontWeight={700}
        letterSpacing={0.5}
        textLength={70}
        lengthAdjust="spacingAndGlyphs"
        fontFamily='system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'
      >
        Helio
      </text>
    </>
  );
}

/** The mark as a decorative svg `height` pixels high, for pages and frames drawn without MUI. */
export function LogoMarkPlain({ variant, height }: { variant: LogoVariant; height: number }) {
  return (
    <svg
      viewBox={LOGO_VIEWBOX}
      aria-hidden="true"
      focusable="false"
      style={{ display: "block", width: "auto", height }}
    >
      <LogoShapes variant={variant} wordmark="currentColor" />
    </svg>
  );
}
