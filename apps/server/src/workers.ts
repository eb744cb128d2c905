import type { FastifyBaseLogger } from "fastify";
import { startDepositExpiryWorker } from "./modules/deposits/index.ts";
import { startAccrualWorker } from "./modules/investments/index.ts";
import { createExchangeSource, createSimulator, exchangeStreamUrl } from "./modules/market/index.ts";
import { startNotificationMailWorker, startNotificationRetentionWorker } from "./modules/notifications/index.ts";
import { startSettlementWorker } from "./modules/trading/index.ts";
import { startWithdrawalExpiryWorker, withdrawalDeps } from "./modules/withdrawals/index.ts";
import type { Services } from "./services.ts";

/**
 * The background work of an instance started with `WORKERS` on: deposit expiry, the expiry of
 * withdrawals not confirmed from their mail, the price feed,
 * trade settlement, investment accrual, notification mail and notification retention. Returns the stops, newest first.
 */
export function startWorkers(services: Services, log: FastifyBaseLogger): { close(): Promise<void> }[] {
  const { config, db, realtime, settings, market, notifications } = services;
  const expiry = startDepositExpiryWorker({ db, realtime, log });
  const withdrawalExpiry = startWithdrawalExpiryWorker(withdrawalDeps(services, log));
  const source =
    config.market.source === "exchange"
      ? createExchangeSource({ url: exchangeStreamUrl(config.market.exchangeUrl), log })
      : createSimulator({ seed: config.market.seed });
  const recorder = market.start(source);
  const settlement = startSettlementWorker({ db, realtime, settings, market, notifications, log });
  const accrual = startAccrualWorker({ db, realtime, notifications, log });
  const mail = startNotificationMailWorker({ notifications, log });
  const retention = startNotificationRetentionWorker({ db, retentionDays: config.notificationRetentionDays, log });
  return [retention, mail, accrual, settlement, recorder, withdrawalExpiry, expiry].map((worker) => ({
    close: () => worker.stop(),
  }));
}
