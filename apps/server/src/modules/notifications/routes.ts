import {
  API,
  markNotificationsReadResponseSchema,
  markNotificationsReadSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  updateNotificationPreferencesSchema,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf } from "../../platform/auth/session.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { getPreferences, listNotifications, markNotificationsRead, updatePreferences } from "./service.ts";

/** The member's own notifications and e-mail choices; nobody reaches another member's. */
export async function notificationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = services;
  const deps = { db, realtime };
  const { asMember } = featureRouteOptions(services, "notifications");

  r.get(
    API.notifications,
    asMember({
      summary: "The member's notifications, newest first (unread=true: only the unread), with the unread count",
      querystring: notificationsQuerySchema,
      response: { 200: notificationsResponseSchema },
    }),
    async (request) => listNotifications(deps, currentOf(request).user.id, request.query),
  );

  r.post(
    API.notificationsRead,
    asMember({
      summary: "Mark notifications read: { ids } (the member's own; others are left alone) or { all: true }",
      body: markNotificationsReadSchema,
      response: { 200: markNotificationsReadResponseSchema },
    }),
    async (request) => markNotificationsRead(deps, currentOf(request).user.id, request.body),
  );

  r.get(
    API.notificationPreferences,
    asMember({
      summary: "The member's e-mail choices, one per optional kind (security mail is always sent)",
      response: { 200: notificationPreferencesSchema },
    }),
    async (request) => getPreferences(deps, currentOf(request).user.id),
  );

  r.put(
    API.notificationPreferences,
    asMember({
      summary: "Change some of the member's e-mail choices; answers all of them",
      body: updateNotificationPreferencesSchema,
      response: { 200: notificationPreferencesSchema },
    }),
    async (request) => updatePreferences(deps, currentOf(request).user.id, request.body),
  );
}
