import {
  API,
  adminSettingsSchema,
  publicSettingsSchema,
  ratesResponseSchema,
  settingsUpdateSchema,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf, requireAdmin, requireMember } from "../../platform/auth/session.ts";
import type { Services } from "../../services.ts";

export async function settingsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, settings } = services;

  r.get(
    API.settings,
    {
      schema: {
        tags: ["settings"],
        summary: "Settings every member may read (menuContact, rates)",
        response: { 200: publicSettingsSchema },
      },
      preHandler: requireMember(auth),
    },
    async () => settings.publicView(),
  );

  r.get(
    API.rates,
    {
      schema: {
        tags: ["settings"],
        summary: "Currency rates [{name, value}], or [] when settings are missing",
        response: { 200: ratesResponseSchema },
      },
      preHandler: requireMember(auth),
    },
    async () => (await settings.publicView()).rates,
  );

  r.get(
    API.adminSettings,
    {
      schema: { tags: ["admin"], summary: "All settings, with their revision", response: { 200: adminSettingsSchema } },
      preHandler: requireAdmin(auth),
    },
    async () => settings.forEdit(),
  );

  r.put(
    API.adminSettings,
    {
      schema: {
        tags: ["admin"],
        summary: "Replace the settings (validated, audited, pushed live); 409 when another save came first",
        body: settingsUpdateSchema,
        response: { 200: adminSettingsSchema },
      },
      preHandler: requireAdmin(auth),
    },
    async (request) => {
      const { revision, ...next } = request.body;
      return settings.update({ adminId: currentOf(request).user.id, ip: request.ip }, next, revision);
    },
  );
}
