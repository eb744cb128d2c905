import { describe, expect, it } from "vitest";
import { parseUserAgent } from "./user-agent.ts";

const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  chromeIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
};

describe("parseUserAgent", () => {
  it.each([
    [UA.chromeWindows, "Chrome on Windows", false],
    [UA.edgeWindows, "Edge on Windows", false],
    [UA.safariIphone, "Safari on iOS", true],
    [UA.firefoxLinux, "Firefox on Linux", false],
    [UA.chromeAndroid, "Chrome on Android", true],
    [UA.safariMac, "Safari on macOS", false],
    [UA.chromeIos, "Chrome on iOS", true],
  ])("reads %s", (ua, label, mobile) => {
    const info = parseUserAgent(ua);
    expect(info.label).toBe(label);
    expect(info.mobile).toBe(mobile);
  });

  it("handles missing and unknown agents", () => {
    expect(parseUserAgent(null).label).toBe("Unknown device");
    expect(parseUserAgent("").label).toBe("Unknown device");
    expect(parseUserAgent("curl/8.5.0").label).toBe("curl");
  });
});
