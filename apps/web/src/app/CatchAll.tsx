import { useQuery } from "@tanstack/react-query";
import { NotFound } from "../components/NotFound.tsx";
import { PageLoader } from "../components/PageLoader.tsx";
import { Centered } from "../layouts/Centered.tsx";
import { Shell } from "../layouts/Shell.tsx";
import { meQueryOptions } from "../lib/member.tsx";
import { RequireAuth } from "./RequireAuth.tsx";

/** Any unknown path: the not-found page, inside the shell for members, standalone for visitors. */
export function CatchAll() {
  const me = useQuery(meQueryOptions);
  if (me.isPending) return <PageLoader fullScreen />;
  if (me.data && !me.error) {
    return (
      <RequireAuth>
        <Shell>
          <NotFound />
        </Shell>
      </RequireAuth>
    );
  }
  return (
    <Centered>
      <NotFound />
    </Centered>
  );
}
