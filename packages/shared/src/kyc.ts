import { text } from "./text.ts";
import { memberRefSchema, pagedShape, pageQueryShape, privateFileSchema } from "./wallet.ts";
import { z } from "./zod.ts";

/** not_submitted → pending → approved | rejected (with a reason) → (resubmit) pending. */
export const KYC_STATUSES = ["not_submitted", "pending", "approved", "rejected"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const kycStatusSchema = z.enum(KYC_STATUSES);

export const ID_TYPES = ["passport", "national_id", "driving_licence"] as const;
export type IdType = (typeof ID_TYPES)[number];
export const idTypeSchema = z.enum(ID_TYPES);

/** The documents of a submission; also the multipart field names and the download path segment. */
export const KYC_DOCUMENTS = ["idFront", "idBack", "selfie"] as const;
export type KycDocument = (typeof KYC_DOCUMENTS)[number];
export const kycDocumentSchema = z.enum(KYC_DOCUMENTS);
/** Images only (JPEG, PNG, WebP), checked by content, at most 10 MB each. */
export const KYC_DOCUMENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** The ID back is required except for a passport. */
export const requiresIdBack = (idType: IdType) => idType !== "passport";

/** ISO 3166-1 alpha-2 country codes. */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO " +
  "JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR " +
  "MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO " +
  "RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV " +
  "TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");
const countrySet = new Set(COUNTRY_CODES);

/** Whole years between `dateOfBirth` (YYYY-MM-DD) and `today` (UTC). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y = 0, m = 0, d = 0] = dateOfBirth.split("-").map(Number);
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}
export const KYC_MIN_AGE = 18;

/** Missing or blank: the form's date picker and country picker give "" until one is chosen. */
const isBlank = (input: unknown) => input === undefined || (typeof input === "string" && input.trim() === "");

/**
 * The text fields of a KYC submission (multipart fields next to the files idFront, idBack, selfie).
 * A field left empty is named as the member sees it ("Enter your date of birth", "Choose your
 * country"); only a malformed value, which the form's pickers cannot produce, gets the format an
 * API client must send.
 */
export const kycFieldsSchema = z.object({
  legalName: text().check(
    z.trim(),
    z.minLength(2, "At least 2 characters"),
    z.maxLength(100, "At most 100 characters"),
  ),
  dateOfBirth: z.iso
    .date({
      abort: true,
      error: (issue) => (isBlank(issue.input) ? "Enter your date of birth" : "A date like 1990-12-31"),
    })
    .check(
      z.refine((v) => ageOn(v) >= KYC_MIN_AGE, `You must be at least ${KYC_MIN_AGE} years old`),
      z.refine((v) => ageOn(v) <= 130, "Enter your real date of birth"),
    ),
  country: z.string({ error: "Choose your country" }).check(
    z.trim(),
    z.toUpperCase(),
    z.refine((v) => countrySet.has(v), {
      error: (issue) =>
        isBlank(issue.input) ? "Choose your country" : "A country code like US or ID (ISO 3166-1 alpha-2)",
    }),
  ),
  idType: idTypeSchema,
  idNumber: z
    .string()
    .check(z.trim(), z.regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,39}$/, "3 to 40 letters, digits, spaces or hyphens")),
});
export type KycFieldsInput = z.input<typeof kycFieldsSchema>;

export const kycSubmissionSchema = z.object({
  legalName: z.string(),
  dateOfBirth: z.string(),
  country: z.string(),
  idType: idTypeSchema,
  idNumber: z.string(),
  documents: z.object({
    idFront: privateFileSchema,
    idBack: z.nullable(privateFileSchema),
    selfie: privateFileSchema,
  }),
});
/** GET /api/kyc: the member's verification. */
export const kycSchema = z.object({
  status: kycStatusSchema,
  reason: z.nullable(z.string()),
  submittedAt: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  submission: z.nullable(kycSubmissionSchema),
});
export type Kyc = z.infer<typeof kycSchema>;

export const adminKycSchema = z.extend(kycSchema, { member: memberRefSchema });
export type AdminKyc = z.infer<typeof adminKycSchema>;
export const adminKycQuerySchema = z.object({
  status: z._default(
    z.union([
      // Every status but not_submitted (zod/mini enums have no `.exclude`; this builds the same enum).
      z.enum(KYC_STATUSES.filter((s): s is Exclude<KycStatus, "not_submitted"> => s !== "not_submitted")),
      z.literal("all"),
    ]),
    "pending",
  ),
  ...pageQueryShape,
});
export const adminKycResponseSchema = z.object({ items: z.array(adminKycSchema), ...pagedShape });
