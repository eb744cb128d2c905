import type { Config } from "./config.ts";

/**
 * The start log's line for each address the server listens on. Our pages work at an address only
 * when its origin is trusted (PUBLIC_URL, TRUSTED_ORIGINS and, in development, PUBLIC_URL's loopback
 * aliases): elsewhere sign-in and every form are refused as cross-site, and the line says so, since
 * a newcomer opens what the log prints.
 */
export function listeningText(config: Pick<Config, "publicUrl" | "trustedOrigins">) {
  const trusted = new Set([new URL(config.publicUrl).origin, ...config.trustedOrigins]);
  return (address: string) => {
    const origin = URL.canParse(address) ? new URL(address).origin : address;
    if (trusted.has(origin)) return `Server listening at ${address}`;
    return `Server listening at ${address} (sign-in and forms are refused at this address: open ${config.publicUrl}, or add ${origin} to TRUSTED_ORIGINS)`;
  };
}
