import { API, legalDocumentsSchema } from "@helio/shared";
import { readQuery } from "../../lib/query.ts";

/** The public documents (texts, the terms' version, the fee figures); they change rarely. */
export const legalQuery = readQuery(["legal"] as const, API.legal, legalDocumentsSchema, { staleTime: 5 * 60_000 });
