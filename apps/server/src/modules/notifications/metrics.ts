import type { Db } from "../../db/client.ts";
import { mailQueueLag } from "./queries.ts";

/** The mail worker's lag and failed mails (the metrics' gauges). */
export const mailLag = (deps: { db: Db }, now = new Date()) => mailQueueLag(deps.db, now);
