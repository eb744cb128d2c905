import {
  wsChatAckSchema,
  wsChatMessageSchema,
  wsChatReadSchema,
  wsChatSendSchema,
  wsChatTypingClientSchema,
  wsChatTypingSchema,
} from "./chat.ts";
import { depositStatusSchema } from "./deposits.ts";
import { wsInvestmentAccruedSchema } from "./investments.ts";
import { kycStatusSchema } from "./kyc.ts";
import { memberAccountSchema } from "./ledger.ts";
import { wsTicksSchema } from "./market.ts";
import { userStatusSchema } from "./member.ts";
import { wsNotificationSchema, wsNotificationsReadSchema } from "./notifications.ts";
import { publicSettingsSchema } from "./settings.ts";
import { wsTradeSettledSchema } from "./trading.ts";
import { microcentsSchema } from "./wallet.ts";
import { withdrawalStatusSchema } from "./withdrawals.ts";
import { z } from "./zod.ts";

/** Server → client messages on /api/ws. Each has a `type`; later features add theirs here. */
export const wsAccountStatusSchema = z.object({
  type: z.literal("account.status"),
  userBlock: z.boolean(),
  userStatus: userStatusSchema,
});
export const wsMemberUpdatedSchema = z.object({ type: z.literal("member.updated") });
export const wsSettingsUpdatedSchema = z.object({
  type: z.literal("settings.updated"),
  settings: publicSettingsSchema,
});
/** A member's balances after a movement touched them (microcents by account). */
export const wsBalancesSchema = z.object({
  type: z.literal("balances"),
  balances: z.partialRecord(memberAccountSchema, microcentsSchema),
});
/** One of the member's deposit invoices changed status (fetch it again for the detail). */
export const wsDepositUpdatedSchema = z.object({
  type: z.literal("deposit.updated"),
  id: z.string(),
  status: depositStatusSchema,
});
/** One of the member's withdrawals changed status. */
export const wsWithdrawalUpdatedSchema = z.object({
  type: z.literal("withdrawal.updated"),
  id: z.string(),
  status: withdrawalStatusSchema,
});
/** The member's KYC status changed (reason set when rejected). */
export const wsKycUpdatedSchema = z.object({
  type: z.literal("kyc.updated"),
  status: kycStatusSchema,
  reason: z.nullable(z.string()),
});
/**
 * The member's reality check was acknowledged (in any tab) or its interval changed: every tab reads
 * it again. Here rather than beside the check's other schemas, so that the live socket's code does
 * not carry them.
 */
export const wsRealityCheckSchema = z.object({ type: z.literal("reality.check") });
export const wsReadySchema = z.object({ type: z.literal("ready"), uid: z.string() });
export const wsPongSchema = z.object({ type: z.literal("pong") });

export const wsServerMessageSchema = z.discriminatedUnion("type", [
  wsReadySchema,
  wsPongSchema,
  wsAccountStatusSchema,
  wsMemberUpdatedSchema,
  wsSettingsUpdatedSchema,
  wsBalancesSchema,
  wsDepositUpdatedSchema,
  wsWithdrawalUpdatedSchema,
  wsKycUpdatedSchema,
  wsChatMessageSchema,
  wsChatTypingSchema,
  wsChatReadSchema,
  wsChatAckSchema,
  wsTicksSchema,
  wsTradeSettledSchema,
  wsInvestmentAccruedSchema,
  wsNotificationSchema,
  wsNotificationsReadSchema,
  wsRealityCheckSchema,
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;

/** Client → server messages. */
export const wsClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }),
  wsChatTypingClientSchema,
  wsChatSendSchema,
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;
