import type { MemberAccount, WalletBalances } from "@helio/shared";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { createBatchedLookup } from "../../db/batched-lookup.ts";
import type { Db } from "../../db/client.ts";
import { namedStatement } from "../../db/prepared.ts";
import type { Auth } from "../../platform/auth/auth.ts";
import { accountStatusError } from "../../platform/auth/auth.ts";
import { createSessionTokenReader } from "../../platform/auth/session-token.ts";
import { balancesOfRow, memberBalanceColumns, memberBalancesJoin } from "../ledger/index.ts";

/** One row per live session: its user's status and each member account's balance. */
type Row = {
  token: string;
  email_verified: boolean;
  user_block: boolean;
  user_status: string;
} & Record<MemberAccount, string | number | bigint>;

/** Session, user status and balances for each of the tokens (a JSON array) that is live. */
const liveSessionBalances = namedStatement<{ tokens: string }>(sql`
  select s.token, u.email_verified, u.user_block, u.user_status, ${memberBalanceColumns}
  from "session" s
  join "user" u on u.id = s.user_id
  ${memberBalancesJoin(sql.raw("u.id"))}
  where s.token in (select jsonb_array_elements_text(${sql.placeholder("tokens")}::jsonb))
    and s.expires_at > now()
  group by s.token, u.email_verified, u.user_block, u.user_status`);

/**
 * The balance read is the hottest member request (every page's top bar). Reading the session
 * through better-auth costs far more CPU than the read itself, so this path checks the same
 * things in one query: the session cookie's signature (better-auth's format: `token.HMAC-SHA256`
 * with the auth secret), a live, unexpired session row with that token, a verified user who is
 * neither blocked nor banned, and the balances. It only ever says yes: anything else returns
 * null and the request goes through the normal guard, which gives the usual 401/403 answers.
 * Nothing is cached, so sign-out, revocation, blocking and banning apply at once; concurrent
 * reads share a query instead (see `lookup`).
 */
export function createFastBalanceRead(auth: Auth, db: Db) {
  const sessionTokenOf = createSessionTokenReader(auth);

  /** Concurrent reads share one query (see `createBatchedLookup`): nothing is served from memory. */
  const lookup = createBatchedLookup<string, Row | null>(async (tokens) => {
    const result = (await liveSessionBalances(db, { tokens: JSON.stringify(tokens) })) as { rows: Row[] };
    const byToken = new Map(result.rows.map((row) => [row.token, row]));
    return tokens.map((token) => byToken.get(token) ?? null);
  });

  return async function fastBalances(request: FastifyRequest): Promise<WalletBalances | null> {
    const token = await sessionTokenOf(request.headers.cookie);
    if (!token) return null;
    const row = await lookup(token);
    if (!row?.email_verified) return null;
    if (accountStatusError({ userBlock: row.user_block, userStatus: row.user_status })) return null;
    return balancesOfRow(row);
  };
}
