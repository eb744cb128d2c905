import type { TradeContract } from "@helio/shared";
import { Suspense, useEffect, useState } from "react";
import { lazyInTheme } from "../../app/lazy-in-theme.tsx";
import { liveSocket } from "../../lib/ws.ts";

// The notice is drawn with MUI; it and MUI's theme load with the first settlement, not with the page.
const SettledToastView = lazyInTheme(() => import("./SettledToastView.tsx").then((m) => m.SettledToastView));

/** On every screen: a short notice when one of the member's contracts settles, with its payout. */
export function SettledToast() {
  const [queue, setQueue] = useState<TradeContract[]>([]);
  // Once shown, the view stays mounted so that the last notice closes with its transition.
  const [shown, setShown] = useState(false);
  useEffect(
    () =>
      liveSocket.subscribe("trade.settled", (m) => {
        setShown(true);
        setQueue((q) => [...q, m.contract]);
      }),
    [],
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SettledToastView current={queue[0]} onClose={() => setQueue((q) => q.slice(1))} />
    </Suspense>
  );
}
