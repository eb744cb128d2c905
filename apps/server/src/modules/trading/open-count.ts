import type { Executor } from "../../db/client.ts";
import { countOpen } from "./queries.ts";

/** How many of the member's contracts are open, Real and Practice (closing the account waits for them). */
export const openContractCount = (db: Executor, userId: string) => countOpen(db, userId);
