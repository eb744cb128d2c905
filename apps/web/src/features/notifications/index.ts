/**
 * What the shell and other features may use of notifications: the top bar's bell, and for /profile
 * the e-mail choices (read and saved) with the labels of the kinds.
 */
export { NOTIFICATION_KIND_LABELS, SECURITY_EMAIL_NOTE } from "./kinds.ts";
export { NotificationBell } from "./NotificationBell.tsx";
export { notificationPreferencesQuery, useUpdateNotificationPreferences } from "./preferences.ts";
