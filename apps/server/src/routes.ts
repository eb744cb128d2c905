import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { adminRoutes } from "./modules/admin/index.ts";
import { backofficeRoutes } from "./modules/backoffice/index.ts";
import { bankRoutes } from "./modules/bank/index.ts";
import { chatRoutes } from "./modules/chat/index.ts";
import { depositRoutes } from "./modules/deposits/index.ts";
import { fundsRoutes } from "./modules/funds/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { investmentRoutes } from "./modules/investments/index.ts";
import { kycRoutes } from "./modules/kyc/index.ts";
import { legalRoutes } from "./modules/legal/index.ts";
import { marketRoutes } from "./modules/market/index.ts";
import { memberRoutes } from "./modules/members/index.ts";
import { notificationRoutes } from "./modules/notifications/index.ts";
import { profileRoutes } from "./modules/profile/index.ts";
import { protectionRoutes } from "./modules/protection/index.ts";
import { referralRoutes } from "./modules/referrals/index.ts";
import { securityRoutes } from "./modules/security/index.ts";
import { settingsRoutes } from "./modules/settings/index.ts";
import { staffRoutes } from "./modules/staff/index.ts";
import { statementRoutes } from "./modules/statement/index.ts";
import { tradingRoutes } from "./modules/trading/index.ts";
import { walletRoutes } from "./modules/wallet/index.ts";
import { withdrawalRoutes } from "./modules/withdrawals/index.ts";
import type { Services } from "./services.ts";

/** Every feature's HTTP routes; each group is given the platform services and nothing else. */
const ROUTE_GROUPS = [
  healthRoutes,
  memberRoutes,
  legalRoutes,
  securityRoutes,
  notificationRoutes,
  adminRoutes,
  staffRoutes,
  settingsRoutes,
  walletRoutes,
  withdrawalRoutes,
  bankRoutes,
  backofficeRoutes,
  marketRoutes,
  tradingRoutes,
  protectionRoutes,
  investmentRoutes,
  fundsRoutes,
  referralRoutes,
  statementRoutes,
];

/** The groups whose routes accept file uploads (avatars, deposit proofs, chat images, KYC documents). */
const UPLOAD_ROUTE_GROUPS = [profileRoutes, depositRoutes, chatRoutes, kycRoutes];

export async function registerRoutes(app: FastifyInstance, services: Services) {
  for (const group of ROUTE_GROUPS) await app.register(group, { services });
  // The multipart parser adds three async hooks to every request of its scope: only the upload
  // groups get it. Elsewhere a multipart body is refused with 415 before any handler runs.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
    for (const group of UPLOAD_ROUTE_GROUPS) await uploads.register(group, { services });
  });
}
