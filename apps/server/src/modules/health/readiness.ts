import { setTimeout as sleep } from "node:timers/promises";
import type { Services } from "../../services.ts";

/**
 * Readiness of one process (`GET /api/ready`): ready from the moment it listens until its
 * shutdown begins. A load balancer routes by it, so a process on its way out stops getting new
 * requests before it stops accepting them (a rolling restart drops nothing).
 */
export type Readiness = {
  /** Set when shutdown begins: the readiness route answers 503 from then on. */
  draining: boolean;
  /** Whether anything (a load balancer's health check) has asked; without one, nobody needs the drain. */
  probed: boolean;
};

const states = new WeakMap<Services, Readiness>();

/** The readiness of the instance these services belong to. */
export function readinessOf(services: Services): Readiness {
  let state = states.get(services);
  if (!state) {
    state = { draining: false, probed: false };
    states.set(services, state);
  }
  return state;
}

/**
 * The first step of a graceful shutdown: readiness answers 503 at once, then, when a health check
 * has been asking, the process keeps serving for `drainMs` so the load balancer takes it out of
 * rotation before `app.close()` stops accepting. Returns when the drain is over.
 */
export async function beginDraining(services: Services, drainMs: number): Promise<{ waitedMs: number }> {
  const state = readinessOf(services);
  state.draining = true;
  if (!state.probed || drainMs <= 0) return { waitedMs: 0 };
  await sleep(drainMs);
  return { waitedMs: drainMs };
}
