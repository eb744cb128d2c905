import { API, bankAccountResponseSchema, saveBankAccountSchema } from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf } from "../../platform/auth/session.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import { notWhileImpersonating } from "../../platform/kit.ts";
import type { Services } from "../../services.ts";
import { getBankAccount, saveBankAccount } from "./service.ts";

export async function bankRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { asMember, asMoneyEndpoint } = featureRouteOptions(services, "bank");

  r.get(
    API.bank,
    asMember({
      summary: "The member's payout account (number masked), or null",
      response: { 200: bankAccountResponseSchema },
    }),
    async (request) => ({ bank: await getBankAccount(services, currentOf(request).user.id) }),
  );

  r.put(
    API.bank,
    asMoneyEndpoint({
      summary:
        "Save the payout account; needs the current password. A change of an account already saved pauses withdrawals (`holdUntil`) and is mailed to the member with a link to freeze the account",
      body: saveBankAccountSchema,
      response: { 200: bankAccountResponseSchema },
    }),
    async (request) => {
      const current = currentOf(request);
      notWhileImpersonating(current);
      return { bank: await saveBankAccount(services, current.user.id, request.body, request.ip) };
    },
  );
}
