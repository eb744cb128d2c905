import type { Executor } from "../../db/client.ts";
import { countOpenWithdrawals } from "./queries.ts";

/** How many of the member's withdrawals are unconfirmed or pending (closing the account waits for them). */
export const openWithdrawalCount = (db: Executor, userId: string) => countOpenWithdrawals(db, userId);
