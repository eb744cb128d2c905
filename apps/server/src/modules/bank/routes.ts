import { API, bankAccountResponseSchema, saveBankAccountSchema } from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf, requireMember } from "../../platform/auth/session.ts";
import { moneyRateLimit, notWhileImpersonating } from "../../platform/kit.ts";
import type { Services } from "../../services.ts";
import { getBankAccount, saveBankAccount } from "./service.ts";

export async function bankRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, config } = services;
  const member = requireMember(auth);
  const tags = ["bank"];

  r.get(
    API.bank,
    {
      schema: {
        tags,
        summary: "The member's payout account (number masked), or null",
        response: { 200: bankAccountResponseSchema },
      },
      preHandler: member,
    },
    async (request) => ({ bank: await getBankAccount(db, currentOf(request).user.id) }),
  );

  r.put(
    API.bank,
    {
      schema: {
        tags,
        summary: "Save the payout account; needs the current password",
        body: saveBankAccountSchema,
        response: { 200: bankAccountResponseSchema },
      },
      preHandler: member,
      config: moneyRateLimit(config),
    },
    async (request) => {
      const current = currentOf(request);
      notWhileImpersonating(current);
      return { bank: await saveBankAccount({ db, auth }, current.user.id, request.body, request.ip) };
    },
  );
}
