import { jsonText } from "@helio/shared";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { settings } from "./tables.ts";

export async function readSettingsRow(db: Executor, opts: { forUpdate?: boolean } = {}) {
  const query = db.select().from(settings).where(eq(settings.id, 1));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** The record as its JSON reads back: amounts (bigint microcents) as strings of digits. */
const asJson = (data: unknown) => JSON.parse(jsonText(data)) as unknown;

export async function insertDefaultSettings(db: Executor, data: unknown) {
  await db
    .insert(settings)
    .values({ id: 1, data: asJson(data) })
    .onConflictDoNothing();
}

/** Stores the record as `revision` (the caller checked the one before it under a row lock). */
export async function writeSettings(db: Executor, record: unknown, updatedBy: string, revision: number) {
  const data = asJson(record);
  await db
    .insert(settings)
    .values({ id: 1, data, updatedBy, revision })
    .onConflictDoUpdate({ target: settings.id, set: { data, updatedBy, revision, updatedAt: new Date() } });
}
