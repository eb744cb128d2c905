import { API, API_PATTERNS, memberSchema, updateLocaleSchema, updateProfileSchema } from "@helio/shared";
import { z } from "@helio/shared/zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf, readSession } from "../../platform/auth/session.ts";
import { AppError } from "../../platform/http/errors.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { memberProfileService, toMember } from "../members/index.ts";
import { AVATAR_MAX_BYTES, storeAvatar } from "./avatar.ts";

export async function profileRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, storage, realtime } = services;
  const { asMember } = featureRouteOptions(services, "profile");
  const profiles = memberProfileService(db);

  const freshMember = async (headers: Parameters<typeof readSession>[1]) => {
    const current = await readSession(auth, headers);
    if (!current) throw new AppError(401, "UNAUTHENTICATED", "Sign in to continue.");
    return toMember(current, (await services.settings.get()).termsVersion);
  };

  r.put(
    API.profile,
    asMember({
      summary: "Update names and display currency",
      body: updateProfileSchema,
      response: { 200: memberSchema },
    }),
    async (request) => {
      const { user } = currentOf(request);
      await profiles.updateDetails(user.id, request.body);
      await realtime.toUser(user.id, { type: "member.updated" });
      return freshMember(request.headers);
    },
  );

  r.put(
    API.profileLocale,
    asMember({
      summary: "Keep the member's language on the account (mail and notifications are written in it)",
      body: updateLocaleSchema,
      response: { 200: memberSchema },
    }),
    async (request) => {
      const { user } = currentOf(request);
      await profiles.updateLocale(user.id, request.body.locale);
      await realtime.toUser(user.id, { type: "member.updated" });
      return freshMember(request.headers);
    },
  );

  r.post(
    API.avatar,
    asMember({
      summary: "Upload a profile photo (JPEG, PNG or WebP, at most 2 MB; multipart field `file`)",
      consumes: ["multipart/form-data"],
      response: { 200: memberSchema },
    }),
    async (request) => {
      const { user } = currentOf(request);
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file)
        throw new AppError(400, "VALIDATION_FAILED", "file: attach an image", [
          { field: "file", message: "Attach an image" },
        ]);
      const data = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === "FST_REQ_FILE_TOO_LARGE")
          throw new AppError(413, "PAYLOAD_TOO_LARGE", "The photo is larger than 2 MB.");
        throw error;
      });
      const url = await storeAvatar(storage, data);
      const previous = await profiles.replacePhoto(user.id, url);
      if (previous?.startsWith(`${API.files}/`)) await storage.remove(previous.slice(API.files.length + 1));
      await realtime.toUser(user.id, { type: "member.updated" });
      return freshMember(request.headers);
    },
  );

  r.get(
    API_PATTERNS.avatarFile,
    asMember({
      summary: "A profile photo (signed-in members only)",
      params: z.object({ name: z.string().check(z.regex(/^[a-f0-9-]{36}\.webp$/)) }),
    }),
    async (request, reply) => {
      const data = await storage.read(`avatars/${request.params.name}`);
      if (!data) throw new AppError(404, "NOT_FOUND", "Not found");
      return reply.type("image/webp").header("cache-control", "private, max-age=86400, immutable").send(data);
    },
  );
}
