import { type AdminSettings, type PublicSettings, ratesOf, type Settings, settingsSchema } from "@helio/shared";
import type { Db, Executor } from "../../db/client.ts";
import { recordAdminAudit } from "../../platform/audit/audit.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { EventBus } from "../../platform/realtime/bus.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import { withLegalDefaults } from "../legal/index.ts";
import { insertDefaultSettings, readSettingsRow, writeSettings } from "./queries.ts";

const INVALIDATE_CHANNEL = "settings:changed";

/** Settings read often and change rarely: cached per process, invalidated on every process through the bus. */
export type SettingsService = {
  /**
   * The settings. When they are not cached, they are read through `via` if given: a caller inside
   * an open transaction passes it (PGlite has one connection, which that transaction holds).
   */
  get(via?: Executor): Promise<Settings>;
  /** null when the record is missing (the rates call then answers an empty list, docs/product.md §4). */
  getStored(): Promise<Settings | null>;
  publicView(): Promise<PublicSettings>;
  storedRates(): Promise<PublicSettings["rates"]>;
  /** The record and its revision, read fresh (for editing). */
  forEdit(): Promise<AdminSettings>;
  /** Saves `next` over `revision`; 409 when another save came after that revision. */
  update(actor: { adminId: string; ip: string }, next: Settings, revision: number): Promise<AdminSettings>;
  close(): void;
};

export async function createSettingsService(deps: {
  db: Db;
  bus: EventBus;
  realtime: Realtime;
}): Promise<SettingsService> {
  await insertDefaultSettings(deps.db, settingsSchema.parse({}));
  let cached: Promise<Settings | null> | null = null;
  const load = async (via: Executor) => {
    const row = await readSettingsRow(via);
    return row ? readSettings(row.data) : null;
  };
  const getStored = (via: Executor = deps.db) => {
    cached ??= load(via).catch((error) => {
      cached = null;
      throw error;
    });
    return cached;
  };
  const off = deps.bus.subscribe(INVALIDATE_CHANNEL, () => {
    cached = null;
  });
  const get = async (via?: Executor) => (await getStored(via)) ?? readSettings({});
  // The defaults until an admin saves: the rates a form quotes are the ones the server converts at.
  const toPublic = (s: Settings): PublicSettings => ({
    menuContact: s.menuContact,
    depositMinMicrocents: s.depositMinMicrocents,
    rates: ratesOf(s),
  });

  return {
    get,
    getStored: () => getStored(),
    publicView: async () => toPublic(await get()),
    /** The rates list as the seed has it: empty until an admin saved the settings. */
    storedRates: async () => {
      const stored = await getStored();
      return stored ? ratesOf(stored) : [];
    },
    async forEdit() {
      const row = await readSettingsRow(deps.db);
      return { ...readSettings(row?.data ?? {}), revision: row?.revision ?? 1 };
    },
    async update(actor, next, revision) {
      const saved = await deps.db.transaction(async (tx) => {
        const before = await readSettingsRow(tx, { forUpdate: true });
        if ((before?.revision ?? 1) !== revision)
          throw new AppError(
            409,
            "CONFLICT",
            "revision: another admin saved the settings after you opened them. Their version is loaded now; check it and save again.",
            [{ field: "revision", message: "Another admin saved the settings first" }],
          );
        const saving = withTermsVersion(readSettings(before?.data ?? {}), withLegalDefaults(next));
        await writeSettings(tx, saving, actor.adminId, revision + 1);
        await recordAdminAudit(tx, actor, {
          action: "settings.update",
          before: before ? readSettings(before.data) : null,
          after: saving,
        });
        return { ...saving, revision: revision + 1 };
      });
      cached = null;
      await deps.bus.publish(INVALIDATE_CHANNEL, {});
      await deps.realtime.toEveryone({ type: "settings.updated", settings: toPublic(saved) });
      return saved;
    },
    close: off,
  };
}

/** A stored record as every reader sees it: the schema's defaults, an empty legal text as Helio's. */
const readSettings = (data: unknown): Settings => withLegalDefaults(settingsSchema.parse(data));

/**
 * The terms' version is the server's: one up when a save changes the terms' text, else the stored
 * one, whatever the editor sent (members accept a version; it must name the text they read).
 */
export function withTermsVersion(stored: Settings, next: Settings): Settings {
  const changed = stored.legalTexts.terms !== next.legalTexts.terms;
  return { ...next, termsVersion: changed ? stored.termsVersion + 1 : stored.termsVersion };
}
