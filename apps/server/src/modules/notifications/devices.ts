/**
 * A sign-in's device as the new-device check compares them: the browser family and the operating
 * system read from its user-agent, never the versions (a browser update is not a new device).
 */
export type Device = { browser: string; os: string };

const BROWSERS: [RegExp, string][] = [
  [/\b(?:Edg|Edge|EdgA|EdgiOS)\//, "Edge"],
  [/\b(?:OPR|Opera|OPiOS)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\b(?:Mac OS X|Macintosh)\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** The browser and system of a user-agent; an unknown client is named by its first product token. */
export function deviceOf(userAgent: string | null | undefined): Device {
  const ua = (userAgent ?? "").trim();
  const browser =
    BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ??
    (/^[A-Za-z][\w.-]{0,40}/.exec(ua)?.[0] || "an unknown browser");
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? "an unknown system";
  return { browser, os };
}

/** The key the check compares: same browser family on the same system is the same device. */
export const deviceKey = (d: Device) => `${d.browser.toLowerCase()}|${d.os.toLowerCase()}`;

/** "Chrome on Windows". */
export const describeDevice = (d: Device) => `${d.browser} on ${d.os}`;
