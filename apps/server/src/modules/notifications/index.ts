/**
 * Member notifications: other modules record one with `Notifications.notify(tx, event)` inside the
 * transaction that makes the change and hand the result to `deliver` after the commit.
 */
export type { NotificationEvent, ProfitCredit } from "./messages.ts";
export { mailLag } from "./metrics.ts";
export { startNotificationRetentionWorker } from "./retention.ts";
export { notificationRoutes } from "./routes.ts";
export {
  createNotifications,
  type Notifications,
  type Recorded,
  securityNotifier,
  startNotificationMailWorker,
} from "./service.ts";
