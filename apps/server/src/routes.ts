import type { FastifyInstance } from "fastify";
import { adminRoutes } from "./modules/admin/routes.ts";
import { backofficeRoutes } from "./modules/backoffice/routes.ts";
import { bankRoutes } from "./modules/bank/routes.ts";
import { chatRoutes } from "./modules/chat/routes.ts";
import { depositRoutes } from "./modules/deposits/routes.ts";
import { fundsRoutes } from "./modules/funds/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { investmentRoutes } from "./modules/investments/routes.ts";
import { kycRoutes } from "./modules/kyc/routes.ts";
import { marketRoutes } from "./modules/market/routes.ts";
import { memberRoutes } from "./modules/members/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { referralRoutes } from "./modules/referrals/routes.ts";
import { securityRoutes } from "./modules/security/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { tradingRoutes } from "./modules/trading/routes.ts";
import { walletRoutes } from "./modules/wallet/routes.ts";
import { withdrawalRoutes } from "./modules/withdrawals/routes.ts";
import type { Services } from "./services.ts";

/** Every feature's HTTP routes; each group is given the platform services and nothing else. */
const ROUTE_GROUPS = [
  healthRoutes,
  memberRoutes,
  profileRoutes,
  securityRoutes,
  adminRoutes,
  settingsRoutes,
  chatRoutes,
  walletRoutes,
  depositRoutes,
  withdrawalRoutes,
  bankRoutes,
  kycRoutes,
  backofficeRoutes,
  marketRoutes,
  tradingRoutes,
  investmentRoutes,
  fundsRoutes,
  referralRoutes,
];

export async function registerRoutes(app: FastifyInstance, services: Services) {
  for (const group of ROUTE_GROUPS) await app.register(group, { services });
}
