import { randomUUID } from "node:crypto";
import { DEMO_GRANT_MICROCENTS, type DemoResetResponse } from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../platform/audit/audit.ts";
import { type IdempotentAnswer, idempotentMoneyRequest, KeyAlreadyUsed } from "../../platform/money/idempotency.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import {
  announceBalances,
  balanceAfter,
  findMovement,
  lockAccounts,
  moneyTransaction,
  type Posted,
  postTransaction,
} from "../ledger/index.ts";

type Deps = { db: Db; realtime: Realtime };

/**
 * Brings the member's demo balance to exactly 10,000.00, up or down, in one demo_reset movement
 * against the demo issuer. `key` makes it idempotent: the same key answers with the first result
 * (platform/money/idempotency.ts owns the rule). An admin reset (`admin` set) is audited in the
 * same transaction.
 */
export function resetDemo(
  deps: Deps,
  uid: string,
  key: string | null,
  admin?: { adminId: string; ip: string },
): Promise<IdempotentAnswer<DemoResetResponse>> {
  const movementKey = (k: string) => `demo-reset:${uid}:${k}`;
  return idempotentMoneyRequest({
    member: uid,
    key,
    request: {},
    what: "demo reset",
    status: 200,
    find: async (member, k) => {
      const previous = await findMovement(deps.db, movementKey(k));
      if (!previous) return null;
      const demoMicrocents =
        (await balanceAfter(deps.db, previous.transactionId, member, "demo")) ?? DEMO_GRANT_MICROCENTS;
      return { request: {}, body: { transactionId: previous.transactionId, demoMicrocents, replayed: true } };
    },
    run: () => postReset(deps, uid, movementKey(key ?? randomUUID()), admin),
  });
}

async function postReset(
  deps: Deps,
  uid: string,
  idempotencyKey: string,
  admin?: { adminId: string; ip: string },
): Promise<DemoResetResponse> {
  const posted: Posted[] = [];
  const result = await moneyTransaction(deps.db, async (tx): Promise<DemoResetResponse> => {
    posted.length = 0;
    const [current = 0n] = await lockAccounts(
      tx,
      [{ userId: uid, account: "demo" }, { system: "demo_issuer" }],
      idempotencyKey,
    );
    // Taken while this request waited for the lock: the helper answers the stored movement.
    if (await findMovement(tx, idempotencyKey)) throw new KeyAlreadyUsed();
    const delta = DEMO_GRANT_MICROCENTS - current;
    if (delta === 0n) return { transactionId: null, demoMicrocents: current, replayed: false };
    const movement = await postTransaction(tx, {
      kind: "demo_reset",
      idempotencyKey,
      legs: [
        { account: { system: "demo_issuer" }, amount: -delta },
        { account: { userId: uid, account: "demo" }, amount: delta },
      ],
      reference: { type: "user", id: uid },
      actorId: admin?.adminId ?? uid,
      memo: admin ? "Demo balance reset by an admin" : "Demo balance reset",
    });
    posted.push(movement);
    if (admin) {
      await recordAudit(tx, {
        actorId: admin.adminId,
        action: "member.demo_reset",
        targetUserId: uid,
        before: { demoMicrocents: current },
        after: { demoMicrocents: DEMO_GRANT_MICROCENTS, transactionId: movement.transactionId },
        ip: admin.ip,
      });
    }
    return {
      transactionId: movement.transactionId,
      demoMicrocents: DEMO_GRANT_MICROCENTS,
      replayed: movement.replayed,
    };
  });
  await announceBalances(deps.realtime, posted);
  return result;
}
