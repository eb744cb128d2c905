import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.ts";
import { reviewColumns, timestamptz, updatedAt } from "../../platform/db/columns.ts";

/** A member's identity verification: the latest submission and its review. No row: not submitted. */
export const kycProfiles = pgTable(
  "kyc_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    legalName: text("legal_name").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
    country: text("country").notNull(),
    idType: text("id_type").notNull(),
    idNumber: text("id_number").notNull(),
    /** Documents: storage key, content type, original name and size of each file. */
    idFrontKey: text("id_front_key").notNull(),
    idFrontType: text("id_front_type").notNull(),
    idFrontName: text("id_front_name").notNull(),
    idFrontSize: integer("id_front_size").notNull(),
    idBackKey: text("id_back_key"),
    idBackType: text("id_back_type"),
    idBackName: text("id_back_name"),
    idBackSize: integer("id_back_size"),
    selfieKey: text("selfie_key").notNull(),
    selfieType: text("selfie_type").notNull(),
    selfieName: text("selfie_name").notNull(),
    selfieSize: integer("selfie_size").notNull(),
    submittedAt: timestamptz("submitted_at").notNull(),
    ...reviewColumns(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("kyc_profiles_status_idx").on(t.status, t.submittedAt),
    check("kyc_profiles_status_known", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
