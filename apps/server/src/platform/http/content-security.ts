import { randomBytes } from "node:crypto";

/**
 * The content security policy. Scripts and styles: 'self' only, plus, on the app's page, a nonce
 * made for that one answer. The page's build marks its tags with CSP_NONCE_PLACEHOLDER (vite's
 * `html.cspNonce`): its one inline script sets the member's light or dark mode before the first
 * paint, and Emotion (MUI's styles) reads the nonce from `<meta property="csp-nonce">` for every
 * <style> it adds. No 'unsafe-inline'.
 */
export const CSP_NONCE_PLACEHOLDER = "__CSP_NONCE__";

export function cspDirectives(secure: boolean): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Over plain http from another machine this directive would blank the page.
    ...(secure ? { upgradeInsecureRequests: [] } : {}),
  };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The header of the app's page, built once; `forNonce` fills in one answer's nonce. */
export function pagePolicy(secure: boolean) {
  const directives = cspDirectives(secure);
  directives.scriptSrc = ["'self'", `'nonce-${CSP_NONCE_PLACEHOLDER}'`];
  directives.styleSrc = ["'self'", `'nonce-${CSP_NONCE_PLACEHOLDER}'`];
  const header = Object.entries(directives)
    .map(([name, values]) => [kebab(name), ...values].join(" "))
    .join(";");
  return {
    /** A fresh nonce, the header naming it, and the page with it filled in. */
    forPage(html: string) {
      const nonce = randomBytes(16).toString("base64");
      return {
        header: header.replaceAll(CSP_NONCE_PLACEHOLDER, nonce),
        html: html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce),
      };
    },
  };
}
