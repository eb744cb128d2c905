/** "Up" or "Down", as the trade tables show a contract's direction. */
export const directionLabel = (d: string) => (d === "up" ? "Up" : "Down");
