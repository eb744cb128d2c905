import { pagedShape, pageQueryShape } from "./wallet.ts";
import { z } from "./zod.ts";

/**
 * What a member hears about. Each kind is recorded once per event (its `eventKey`), shown in the
 * notification centre, and mailed where `NOTIFICATION_EMAIL` says so.
 */
export const NOTIFICATION_KINDS = [
  "deposit.approved",
  "deposit.rejected",
  "withdrawal.paid",
  "withdrawal.rejected",
  "kyc.approved",
  "kyc.rejected",
  "trade.settled",
  "password.changed",
  "two_factor.enabled",
  "two_factor.disabled",
  "sign_in.new_device",
  "investment.profit",
  "investment.matured",
  "bank.changed",
  "account.opened_by_support",
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * How each kind reaches e-mail: "never" (in-app only), "optional" (on unless the member turned it
 * off in /profile), "always" (security mail, which a member cannot turn off).
 */
export const NOTIFICATION_EMAIL = {
  "deposit.approved": "optional",
  "deposit.rejected": "optional",
  "withdrawal.paid": "optional",
  "withdrawal.rejected": "optional",
  "kyc.approved": "optional",
  "kyc.rejected": "optional",
  "trade.settled": "never",
  "password.changed": "always",
  "two_factor.enabled": "always",
  "two_factor.disabled": "always",
  "sign_in.new_device": "always",
  "investment.profit": "never",
  "investment.matured": "never",
  "bank.changed": "always",
  "account.opened_by_support": "always",
} as const satisfies Record<NotificationKind, "never" | "optional" | "always">;

/** The kinds a member may turn off by e-mail, in the order /profile lists them. */
export const OPTIONAL_EMAIL_KINDS = NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_EMAIL[kind] === "optional");
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];
export const optionalEmailKindSchema = z.enum(OPTIONAL_EMAIL_KINDS as [OptionalEmailKind, ...OptionalEmailKind[]]);

/**
 * One notification as its member sees it. `title` and `body` are written by the server when the
 * event happens, amounts in the member's display currency; `link` is an app path (e.g. the
 * deposit's invoice), or null.
 */
export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.nullable(z.string()),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  ...pageQueryShape,
  /** Only the unread ones. */
  unread: z.pipe(
    z.optional(z.enum(["true", "false"], { error: "Use true or false" })),
    z.transform((v) => v === "true"),
  ),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;
export const notificationsResponseSchema = z.object({
  items: z.array(notificationSchema),
  ...pagedShape,
  unreadCount: z.int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** Marks the given notifications read, or every one when `all` is true. */
export const markNotificationsReadSchema = z
  .object({
    ids: z.optional(
      z
        .array(z.string().check(z.minLength(1), z.maxLength(64)))
        .check(z.minLength(1, "Name at least one notification"), z.maxLength(100)),
    ),
    all: z.optional(z.literal(true)),
  })
  .check(
    z.refine((body) => Boolean(body.ids) !== Boolean(body.all), {
      message: "Give either ids or all: true",
      path: ["ids"],
    }),
  );
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;
export const markNotificationsReadResponseSchema = z.object({ unreadCount: z.int() });

/** The member's e-mail choices: one switch per optional kind (security mail is always sent). */
export const notificationPreferencesSchema = z.object({
  email: z.record(optionalEmailKindSchema, z.boolean()),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const updateNotificationPreferencesSchema = z.object({
  email: z.partialRecord(optionalEmailKindSchema, z.boolean()),
});
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** Live: a new notification for this member (every open tab updates its bell). */
export const wsNotificationSchema = z.object({
  type: z.literal("notification"),
  notification: notificationSchema,
  unreadCount: z.int(),
});
/** Live: the member read some in another tab; the bell takes this count. */
export const wsNotificationsReadSchema = z.object({
  type: z.literal("notifications.read"),
  unreadCount: z.int(),
});
