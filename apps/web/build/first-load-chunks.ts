import { fileURLToPath } from "node:url";
import type { ChunkingContext, CodeSplittingNameFunction } from "rolldown";

// The named chunks of the first loads (codeSplitting in vite.config.ts, decision 0018).

const source = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

/** The lazy modules of a signed-in first visit to the dashboard: the guard, the shell with its reality check, the page. */
const SIGNED_IN_ROOTS = [
  "app/RequireAuth.tsx",
  "layouts/Shell.tsx",
  "features/protection/RealityCheck.tsx",
  "features/dashboard/DashboardPage.tsx",
].map(source);

/**
 * What a visitor's lazy pages load: the app frame, MUI's theme and the public pages. What the entry
 * holds is in the "initial" group already, which comes first; the catch-all page, which draws a
 * signed-in member's not-found page in the shell, loads the signed-in chunk. Keep in step with the
 * router's visitor and public routes: the first-load check (scripts/first-load-budget.mjs) fails
 * when one of them loads the signed-in chunk.
 */
const VISITOR_ROOTS = [
  "app/providers.tsx",
  "app/mui-theme.tsx",
  "layouts/Centered.tsx",
  "features/auth/pages.ts",
  "features/legal/pages.ts",
  "components/NotFound.tsx",
].map(source);

/** The modules `roots` import statically, directly or not, themselves included. */
function staticClosure(roots: string[], ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

/**
 * A `codeSplitting` group's name function: "schemas" for zod and the shared schemas the screens
 * drawn without zod load beside their first requests (lib/lazy-schemas.ts), in one chunk rather
 * than one per shared module, which the MUI screens' static imports of the whole package would
 * otherwise cut it into. (What the entry holds stays in the "initial" group, which comes first.)
 */
export function lazySchemasChunk(): CodeSplittingNameFunction {
  let schemas: Set<string> | null = null;
  return (id, ctx) => {
    schemas ??= staticClosure([source("lib/lazy-schemas.ts")], ctx);
    return schemas.has(id) ? "schemas" : null;
  };
}

/**
 * A `codeSplitting` group's name function for what the signed-in roots import statically, directly
 * or not: "signed-in" for what no visitor's page needs, "common" for what one does too; null (left
 * to the automatic chunks) for the rest. The first load of the dashboard is then a few chunks
 * instead of about 55 small ones, each a request on a phone's network, and a visitor's page never
 * downloads the member's frame (docs/decisions/0018-the-signed-in-chunk.md).
 */
export function signedInChunk(): CodeSplittingNameFunction {
  let chunkOf: Map<string, "signed-in" | "common"> | null = null;
  return (id, ctx) => {
    if (!chunkOf) {
      const visitors = staticClosure(VISITOR_ROOTS, ctx);
      chunkOf = new Map();
      for (const module of staticClosure(SIGNED_IN_ROOTS, ctx)) {
        chunkOf.set(module, visitors.has(module) ? "common" : "signed-in");
      }
    }
    return chunkOf.get(id) ?? null;
  };
}
