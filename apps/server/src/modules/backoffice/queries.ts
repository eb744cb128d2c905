import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { user } from "../../platform/auth/tables.ts";

export async function memberExists(db: Executor, uid: string) {
  const [row] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, uid));
  return row ?? null;
}
