import type { Db } from "../../db/client.ts";
import { dueContractsLag } from "./queries.ts";

/** The settlement worker's lag (the metrics' gauges). */
export const settlementLag = (deps: { db: Db }, now = new Date()) => dueContractsLag(deps.db, now);
