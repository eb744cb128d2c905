import { createHmac, timingSafeEqual } from "node:crypto";
import { MEMBER_ACCOUNTS, type MemberAccount, type WalletBalances } from "@helio/shared";
import DataLoader from "dataloader";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { executeNamed } from "../../db/prepared.ts";
import type { Auth } from "../../platform/auth/auth.ts";
import { accountStatusError } from "../../platform/auth/auth.ts";

/** Tokens answered by one query, and queries running at once. */
const MAX_BATCH = 256;
const MAX_IN_FLIGHT = 1;
const MAX_SIGNED_TOKENS = 10_000;

/** One row per live session: its user's status and each member account's balance. */
type Row = {
  token: string;
  email_verified: boolean;
  user_block: boolean;
  user_status: string;
} & Record<MemberAccount, string | number | bigint>;

/** A column per member account (names from our own constant list, not from input). */
const balanceColumns = sql.raw(
  MEMBER_ACCOUNTS.map((a) => `coalesce(sum(b.balance) filter (where b.account = '${a}'), 0) as "${a}"`).join(", "),
);

/**
 * The balance read is the hottest member request (every page's top bar). Reading the session
 * through better-auth costs far more CPU than the read itself, so this path checks the same
 * things in one query: the session cookie's signature (better-auth's format: `token.HMAC-SHA256`
 * with the auth secret), a live, unexpired session row with that token, a verified user who is
 * neither blocked nor banned, and the balances. It only ever says yes: anything else returns
 * null and the request goes through the normal guard, which gives the usual 401/403 answers.
 * Nothing is cached, so sign-out, revocation, blocking and banning apply at once; concurrent
 * reads share a query instead (see `lookups`).
 */
export function createFastBalanceRead(auth: Auth, db: Db) {
  const context = auth.$context.then((ctx) => ({ name: ctx.authCookies.sessionToken.name, secret: ctx.secret }));

  /**
   * Cookie values whose signature checked out, and their token. A signature never stops being
   * valid, so this only spares the HMAC; whether the session is still live is asked every time.
   * Only values signed with our secret get in.
   */
  const signedTokens = new Map<string, string>();
  const tokenOf = (cookieHeader: string, name: string, secret: string): string | null => {
    const prefix = `${name}=`;
    let value: string | undefined;
    for (const part of cookieHeader.split(";")) {
      const trimmed = part.trim();
      if (trimmed.startsWith(prefix)) value = trimmed.slice(prefix.length);
    }
    if (!value) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return null;
    }
    const known = signedTokens.get(decoded);
    if (known) return known;
    const dot = decoded.lastIndexOf(".");
    if (dot < 1) return null;
    const token = decoded.slice(0, dot);
    const signature = Buffer.from(decoded.slice(dot + 1));
    const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    if (signedTokens.size >= MAX_SIGNED_TOKENS) signedTokens.clear();
    signedTokens.set(decoded, token);
    return token;
  };

  /**
   * Reads arriving while a lookup is in flight wait for the next one, which answers all of them
   * in one query (at most `MAX_BATCH` tokens). The query starts after every request in it
   * arrived, so an answer is never older than its request: nothing is served from memory.
   */
  let running = 0;
  const queued: (() => void)[] = [];
  const lookups = new DataLoader<string, Row | null>(
    async (tokens) => {
      try {
        const result = (await executeNamed(
          db,
          sql`
          select s.token, u.email_verified, u.user_block, u.user_status, ${balanceColumns}
          from "session" s
          join "user" u on u.id = s.user_id
          left join balances b on b.user_id = u.id
          where s.token in (select jsonb_array_elements_text(${JSON.stringify(tokens)}::jsonb))
            and s.expires_at > now()
          group by s.token, u.email_verified, u.user_block, u.user_status`,
        )) as unknown as { rows: Row[] };
        const byToken = new Map(result.rows.map((row) => [row.token, row]));
        return tokens.map((token) => byToken.get(token) ?? null);
      } finally {
        running -= 1;
        queued.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch) => {
        const start = () => {
          running += 1;
          dispatch();
        };
        if (running < MAX_IN_FLIGHT) setImmediate(start);
        else queued.push(start);
      },
    },
  );

  return async function fastBalances(request: FastifyRequest): Promise<WalletBalances | null> {
    const cookieHeader = request.headers.cookie;
    if (!cookieHeader) return null;
    const { name, secret } = await context;
    const token = tokenOf(cookieHeader, name, secret);
    if (!token) return null;
    const row = await lookups.load(token);
    if (!row?.email_verified) return null;
    if (accountStatusError({ userBlock: row.user_block, userStatus: row.user_status })) return null;
    return {
      wallet: Number(row.wallet),
      demo: Number(row.demo),
      profit: Number(row.profit),
      bonus: Number(row.bonus),
      withdrawal_hold: Number(row.withdrawal_hold),
    };
  };
}
