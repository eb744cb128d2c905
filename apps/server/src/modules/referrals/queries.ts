import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import { referralCommissions } from "./tables.ts";

export type NewCommission = typeof referralCommissions.$inferInsert;

/**
 * The member's referrers, level 1 (who referred them) to `depth`, with their standing. Walks
 * `user.referred_by`; a member already on the path (the member themself, or a cycle) ends the walk.
 */
export async function referrerChain(db: Executor, uid: string, depth = 3) {
  return queryRows<{
    uid: string;
    level: number;
    user_block: boolean;
    user_status: string;
    first_name: string;
    last_name: string;
    name: string;
    username: string | null;
    email: string;
  }>(
    db,
    sql`
    with recursive chain(uid, level, path) as (
      select u.referred_by, 1, array[u.id] from "user" u where u.id = ${uid} and u.referred_by is not null
      union all
      select u.referred_by, c.level + 1, c.path || u.id
      from chain c join "user" u on u.id = c.uid
      where c.level < ${depth} and u.referred_by is not null and not (u.id = any(c.path))
    )
    select c.uid, c.level, u.user_block, u.user_status, u.first_name, u.last_name, u.name, u.username, u.email
    from chain c join "user" u on u.id = c.uid
    where not (c.uid = any(c.path))
    order by c.level`,
  );
}

/** Members referred by `uid`, down to level 3 (a cycle back to `uid` is cut), as a CTE. */
const downline = (uid: string) => sql`
  with recursive down(uid, level, path) as (
    select u.id, 1, array[${uid}::text, u.id] from "user" u where u.referred_by = ${uid} and u.id <> ${uid}
    union all
    select u.id, d.level + 1, d.path || u.id
    from down d join "user" u on u.referred_by = d.uid
    where d.level < 3 and not (u.id = any(d.path))
  )`;

/** Every member of the downline with their level (1 to 3). */
export async function downlineLevels(db: Executor, uid: string) {
  const rows = await queryRows<{ uid: string; level: number }>(
    db,
    sql`${downline(uid)} select d.uid, d.level from down d`,
  );
  return rows.map((r) => ({ uid: r.uid, level: Number(r.level) }));
}

/** One page of one level's members, newest first: name and joined (never email or balances). */
export async function downlineMembers(
  db: Executor,
  uid: string,
  level: number,
  page: { limit: number; offset: number },
) {
  const rows = await queryRows<{
    uid: string;
    first_name: string;
    last_name: string;
    name: string;
    created_at: string | Date;
    total: string;
  }>(
    db,
    sql`${downline(uid)}
    select d.uid, u.first_name, u.last_name, u.name, u.created_at, count(*) over () as total
    from down d join "user" u on u.id = d.uid
    where d.level = ${level}
    order by u.created_at desc, u.id
    limit ${page.limit} offset ${page.offset}`,
  );
  return rows;
}

export async function countLevel(db: Executor, uid: string, level: number) {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`${downline(uid)} select count(*) as n from down where level = ${level}`,
  );
  return Number(row?.n ?? 0);
}

/** Commissions earned by `uid`, per level (paid ones only). */
export async function commissionTotals(db: Executor, uid: string) {
  const rows = await queryRows<{ level: number; n: string; total: string }>(
    db,
    sql`select level, count(*) as n, coalesce(sum(amount), 0)::text as total from referral_commissions
        where beneficiary_id = ${uid} and status = 'paid' group by level`,
  );
  return rows.map((r) => ({ level: Number(r.level), count: Number(r.n), amountMicrocents: BigInt(r.total) }));
}

export async function insertCommissions(db: Executor, rows: NewCommission[]) {
  if (rows.length) await db.insert(referralCommissions).values(rows);
}

export async function memberStanding(db: Executor, uid: string) {
  const [row] = await queryRows<{ id: string }>(db, sql`select id from "user" where id = ${uid}`);
  return row ?? null;
}
