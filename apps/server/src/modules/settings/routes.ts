import {
  API,
  adminSettingsSchema,
  jsonText,
  publicSettingsSchema,
  ratesResponseSchema,
  settingsUpdateSchema,
  staffMayChangeSetting,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminActorOf } from "../../platform/auth/session.ts";
import { staffRolesOf } from "../../platform/auth/staff.ts";
import { AppError } from "../../platform/http/errors.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";

export async function settingsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = services;
  const { asMember, asAdmin } = featureRouteOptions(services, "settings", ["admin"]);

  r.get(
    API.settings,
    asMember({
      summary:
        "Settings every member may read: menuContact, and rates with `decimal`, the exact rate a `local` amount must carry (the defaults until an admin saves)",
      response: { 200: publicSettingsSchema },
    }),
    async () => settings.publicView(),
  );

  r.get(
    API.rates,
    asMember({
      summary: "Currency rates [{name, value}], or [] when settings are missing",
      response: { 200: ratesResponseSchema },
    }),
    async () => settings.storedRates(),
  );

  r.get(
    API.adminSettings,
    asAdmin({
      access: "settingsRead",
      summary: "All settings, with their revision",
      response: { 200: adminSettingsSchema },
    }),
    async () => settings.forEdit(),
  );

  r.put(
    API.adminSettings,
    asAdmin({
      access: "settingsWrite",
      summary: "Replace the settings (validated, audited, pushed live); 409 when another save came first",
      body: settingsUpdateSchema,
      response: { 200: adminSettingsSchema },
    }),
    async (request) => {
      const { revision, ...next } = request.body;
      const { revision: _current, ...stored } = await settings.forEdit();
      const roles = staffRolesOf(request);
      const refused = Object.keys(next).filter(
        (field) =>
          jsonText(next[field as keyof typeof next]) !== jsonText(stored[field as keyof typeof stored]) &&
          !staffMayChangeSetting(roles, field),
      );
      if (refused.length)
        throw new AppError(
          403,
          "STAFF_ROLE_REQUIRED",
          `Your roles may not change ${refused.join(", ")}.`,
          refused.map((field) => ({ field, message: "Your roles may not change this setting" })),
        );
      return settings.update(adminActorOf(request), next, revision);
    },
  );
}
