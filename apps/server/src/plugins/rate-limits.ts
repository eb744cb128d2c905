import fastifyRateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { AppError } from "../platform/http/errors.ts";

/**
 * The rate limiter that routes opt into (`config.rateLimit`): counted in Redis when there is one,
 * so that every instance shares the counts, else in the process.
 */
export const rateLimits = fp<{ redisUrl?: string; prefix: string }>(
  async (app, { redisUrl, prefix }) => {
    const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
    if (redis) app.addHook("onClose", async () => void (await redis.quit()));
    await app.register(fastifyRateLimit, {
      global: false,
      redis,
      nameSpace: `${prefix}rl:`,
      errorResponseBuilder: (_request, context) =>
        new AppError(429, "RATE_LIMITED", `Too many attempts. Try again in ${context.after}.`),
    });
  },
  { name: "rate-limits" },
);
