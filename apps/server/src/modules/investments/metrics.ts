import type { Db } from "../../db/client.ts";
import { dueAccrualsLag } from "./queries.ts";

/** The accrual worker's lag (the metrics' gauges). */
export const accrualLag = (deps: { db: Db }, now = new Date()) => dueAccrualsLag(deps.db, now);
