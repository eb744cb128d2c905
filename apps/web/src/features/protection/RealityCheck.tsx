import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { lazyInTheme } from "../../app/lazy-in-theme.tsx";
import { useMember } from "../../lib/member.tsx";
import { realityCheckQuery, useRealityLive } from "./reality-api.ts";

// The dialog is drawn with MUI: it and MUI's theme load when a check is due, not with every page.
const RealityCheckDialog = lazyInTheme(() => import("./RealityCheckDialog.tsx").then((m) => m.RealityCheckDialog));

/**
 * The reality check on every signed-in screen: asks the server whether one is due (and hears when
 * one becomes due or is acknowledged in another tab), and shows the dialog while it is.
 */
export function RealityCheck() {
  const member = useMember();
  useRealityLive();
  const check = useQuery({ ...realityCheckQuery, enabled: member.role === "member" });
  if (!check.data?.due) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog />
    </Suspense>
  );
}
