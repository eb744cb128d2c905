import type { Executor } from "../../db/client.ts";
import { investedByMembers } from "./queries.ts";

/**
 * What each of these members has invested in all (every investment bought), in microcents, 0 for
 * one who has bought nothing: the referral network shows it per member and per level.
 */
export async function investedBy(db: Executor, uids: readonly string[]): Promise<Map<string, bigint>> {
  const invested = await investedByMembers(db, uids);
  return new Map(uids.map((uid) => [uid, invested.get(uid) ?? 0n]));
}
