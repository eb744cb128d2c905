import type { Member } from "@helio/shared";
import { useLingui } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { lazyInTheme } from "../../app/lazy-in-theme.tsx";
import { ModeBadge } from "../../components/ModeBadge.tsx";

const ModeSwitch = lazyInTheme(() => import("./ModeSwitch.tsx").then((m) => m.ModeSwitch));

/** The top bar's mode badge (Real / Free): a button that opens the switch between Practice and Real. */
export function ModeSwitchBadge({ member }: { member: Member }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ModeBadge
        userTrading={member.userTrading}
        onDark
        onClick={() => setOpen(true)}
        ariaLabel={
          member.userTrading
            ? t`Real: trading with real money, switch mode`
            : t`Free: trading with practice money, switch mode`
        }
      />
      {open ? (
        <Suspense fallback={null}>
          <ModeSwitch member={member} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
