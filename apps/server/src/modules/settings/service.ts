import { type PublicSettings, ratesOf, type Settings, settingsSchema } from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../platform/audit/audit.ts";
import type { EventBus } from "../../platform/realtime/bus.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import { insertDefaultSettings, readSettingsRow, writeSettings } from "./queries.ts";

const INVALIDATE_CHANNEL = "settings:changed";

/** Settings read often and change rarely: cached per process, invalidated on every process through the bus. */
export type SettingsService = {
  get(): Promise<Settings>;
  /** null when the record is missing (seed §7: the rates call then answers an empty list). */
  getStored(): Promise<Settings | null>;
  publicView(): Promise<PublicSettings>;
  update(actor: { adminId: string; ip: string }, next: Settings): Promise<Settings>;
  close(): void;
};

export async function createSettingsService(deps: {
  db: Db;
  bus: EventBus;
  realtime: Realtime;
}): Promise<SettingsService> {
  await insertDefaultSettings(deps.db, settingsSchema.parse({}));
  let cached: Promise<Settings | null> | null = null;
  const load = async () => {
    const row = await readSettingsRow(deps.db);
    return row ? settingsSchema.parse(row.data) : null;
  };
  const getStored = () => {
    cached ??= load().catch((error) => {
      cached = null;
      throw error;
    });
    return cached;
  };
  const off = deps.bus.subscribe(INVALIDATE_CHANNEL, () => {
    cached = null;
  });
  const get = async () => (await getStored()) ?? settingsSchema.parse({});
  const toPublic = (s: Settings | null): PublicSettings => ({
    menuContact: s ? s.menuContact : true,
    rates: s ? ratesOf(s) : [],
  });

  return {
    get,
    getStored,
    publicView: async () => toPublic(await getStored()),
    async update(actor, next) {
      const saved = await deps.db.transaction(async (tx) => {
        const before = await readSettingsRow(tx, { forUpdate: true });
        await writeSettings(tx, next, actor.adminId);
        await recordAudit(tx, {
          actorId: actor.adminId,
          action: "settings.update",
          before: before?.data ?? null,
          after: next,
          ip: actor.ip,
        });
        return next;
      });
      cached = null;
      await deps.bus.publish(INVALIDATE_CHANNEL, {});
      await deps.realtime.toEveryone({ type: "settings.updated", settings: toPublic(saved) });
      return saved;
    },
    close: off,
  };
}
