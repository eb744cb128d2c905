import { t } from "@lingui/core/macro";

export interface DeviceInfo {
  browser: string;
  os: string;
  mobile: boolean;
  /** `Chrome on Windows`, `Safari on iOS`, `Unknown device`. */
  label: string;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bYaBrowser\//, "Yandex Browser"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//i, "curl"],
  [/\bnode(?:-fetch)?\b|\bundici\b/i, "Node.js"],
  [/\bPostmanRuntime\//, "Postman"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows NT\b|\bWindows\b/, "Windows"],
  [/\biPhone\b|\biPad\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** A simple, readable guess of browser and system from a User-Agent header. */
export function parseUserAgent(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent?.trim() ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? "";
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? "";
  const mobile = /\bMobi|\biPhone\b|\bAndroid\b.*\bMobile\b|\biPad\b/.test(ua);
  let label: string;
  if (browser && os) label = t`${browser} on ${os}`;
  else if (browser) label = browser;
  else if (os) label = t`Browser on ${os}`;
  else label = t`Unknown device`;
  return { browser: browser || t`Unknown browser`, os: os || t`Unknown system`, mobile, label };
}
