/** "+1.25%" / "-0.40%" from the server's 24h change; null when unknown. */
export function formatChange(change: string | null | undefined): string | null {
  if (!change) return null;
  return `${change.startsWith("-") ? "" : "+"}${change}%`;
}
