/** "95,000.12" from "95000.12": grouped as text, never parsed as a float; "—" when there is no price. */
export function formatPrice(price: string | null | undefined): string {
  if (!price) return "—";
  const [whole = "0", fraction = ""] = price.split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction ? `.${fraction}` : ""}`;
}

/** "+1.25%" / "-0.40%" from the server's 24h change; null when unknown. */
export function formatChange(change: string | null | undefined): string | null {
  if (!change) return null;
  return `${change.startsWith("-") ? "" : "+"}${change}%`;
}
