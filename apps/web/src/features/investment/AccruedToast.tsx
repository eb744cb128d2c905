import { Suspense, useEffect, useRef, useState } from "react";
import { lazyInTheme } from "../../app/lazy-in-theme.tsx";
import { liveSocket } from "../../lib/ws.ts";
import { type AccrualGroup, addAccrual } from "./accrued-group.ts";
import { useInvestmentLive } from "./api.ts";

// The notice is drawn with MUI; it and MUI's theme load with the first accrual, not with the page.
const AccruedToastView = lazyInTheme(() => import("./AccruedToastView.tsx").then((m) => m.AccruedToastView));

/**
 * On every screen: an investment's accruals keep the investment screens and funds current
 * (`useInvestmentLive`), and one short notice tells of the profit credited. Accruals arriving
 * while it shows join it (a pass credits many investments at once), so notices never pile up.
 */
export function AccruedToast() {
  useInvestmentLive();
  const [group, setGroup] = useState<AccrualGroup | null>(null);
  // Once shown, the view stays mounted so that the notice closes with its transition.
  const [shown, setShown] = useState(false);
  const nextId = useRef(1);
  useEffect(
    () =>
      liveSocket.subscribe("investment.accrued", (m) => {
        setShown(true);
        setGroup((g) => {
          const next = addAccrual(g, m, nextId.current);
          if (!g) nextId.current += 1;
          return next;
        });
      }),
    [],
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <AccruedToastView group={group} onClose={() => setGroup(null)} />
    </Suspense>
  );
}
