import { Counter, Gauge } from "prom-client";
import type { Posted } from "./posting.ts";

/**
 * Ledger movements this process posted, by kind: counted after their transaction committed (where
 * the balances are announced), never for a replayed key. One per process, shared by every app a
 * test builds in it; `/api/metrics` serves it.
 */
export const ledgerMovements = new Counter({
  name: "helio_ledger_movements_total",
  help: "Ledger movements (transactions) posted by this process, by kind",
  labelNames: ["kind"] as const,
  registers: [],
});

export function countPosted(posted: readonly Posted[]): void {
  for (const movement of posted) if (!movement.replayed) ledgerMovements.inc({ kind: movement.kind });
}

/** The last ledger verification this process ran (the back office's, or a scheduled one). */
export const ledgerVerification = new Gauge({
  name: "helio_ledger_verification_failed",
  help: "1 when the last ledger verification this process ran found a problem, 0 when it passed",
  registers: [],
});
export const ledgerVerificationTime = new Gauge({
  name: "helio_ledger_verification_last_run_timestamp_seconds",
  help: "When this process last ran the ledger verification (Unix seconds)",
  registers: [],
});

export function recordVerification(ok: boolean): void {
  ledgerVerification.set(ok ? 0 : 1);
  ledgerVerificationTime.set(Date.now() / 1000);
}
