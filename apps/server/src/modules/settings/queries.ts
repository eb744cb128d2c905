import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { settings } from "./tables.ts";

export async function readSettingsRow(db: Executor, opts: { forUpdate?: boolean } = {}) {
  const query = db.select().from(settings).where(eq(settings.id, 1));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function insertDefaultSettings(db: Executor, data: unknown) {
  await db.insert(settings).values({ id: 1, data }).onConflictDoNothing();
}

export async function writeSettings(db: Executor, data: unknown, updatedBy: string) {
  await db
    .insert(settings)
    .values({ id: 1, data, updatedBy })
    .onConflictDoUpdate({ target: settings.id, set: { data, updatedBy, updatedAt: new Date() } });
}
