import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { MarketService } from "./modules/market/index.ts";
import type { Notifications } from "./modules/notifications/index.ts";
import type { SettingsService } from "./modules/settings/index.ts";
import type { Auth } from "./platform/auth/auth.ts";
import type { Mailer } from "./platform/mail/mailer.ts";
import type { Metrics } from "./platform/metrics/metrics.ts";
import type { EventBus } from "./platform/realtime/bus.ts";
import type { Realtime } from "./platform/realtime/realtime.ts";
import type { FileStorage } from "./platform/storage/index.ts";

/** What features are given: the platform parts, never each other's insides. */
export type Services = {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  bus: EventBus;
  realtime: Realtime;
  storage: FileStorage;
  mailer: Mailer;
  /** The process's Prometheus metrics (`/api/metrics`). */
  metrics: Metrics;
  settings: SettingsService;
  market: MarketService;
  /** Member notifications: `notify(tx, event)` inside a change's transaction, `deliver` after it. */
  notifications: Notifications;
  /** The clock of the abuse limits (sign-in back-off, 2FA lock-out); tests hand in their own. */
  now: () => Date;
};
