import { API, supportContactSchema, supportRequestSchema } from "@helio/shared";
import { z } from "@helio/shared/zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Services } from "../../services.ts";
import { findBlockedMemberByEmail } from "./queries.ts";
import type { ChatService } from "./service.ts";

/** Requests one address may send in `SUPPORT_FORM_WINDOW`. */
export const SUPPORT_FORM_MAX = 5;
const SUPPORT_FORM_WINDOW = "15 minutes";

/**
 * Support for a member who cannot sign in. The page of a blocked or banned member names the
 * support address (a setting); a blocked member may also write from it, signed out: the message
 * lands in their own support chat, in the admins' inbox. The answer is the same whether or not the
 * address belongs to a blocked member (nothing about the account reaches whoever sent the form),
 * and the message is stored after the answer, so its time tells nothing either.
 */
export function supportFormRoutes(app: FastifyInstance, services: Services, chat: ChatService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API.supportContact,
    {
      schema: {
        tags: ["support"],
        summary: 'Where a member who cannot sign in writes: the support e-mail address ("" when not set)',
        response: { 200: supportContactSchema },
      },
    },
    async () => ({ supportEmail: (await services.settings.get()).supportEmail }),
  );

  r.post(
    API.supportRequests,
    {
      schema: {
        tags: ["support"],
        summary:
          "A blocked member's message to support, sent signed out: it opens the member's support chat; 202 whatever the address (rate-limited per address)",
        body: supportRequestSchema,
        response: { 202: z.object({ received: z.literal(true) }) },
      },
      config: { rateLimit: { max: SUPPORT_FORM_MAX, timeWindow: SUPPORT_FORM_WINDOW } },
    },
    async (request, reply) => {
      const { email, message } = request.body;
      const post = async () => {
        const uid = await findBlockedMemberByEmail(services.db, email);
        if (!uid) return;
        const text = `Sent from the blocked-account page, signed out:\n\n${message}`;
        await chat.send(await chat.memberChat(uid), { uid, side: "member" }, { text });
      };
      void post().catch((err: unknown) => request.log.error({ err }, "support request not stored"));
      reply.status(202);
      return { received: true as const };
    },
  );
}
