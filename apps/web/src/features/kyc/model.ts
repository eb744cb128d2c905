import { COUNTRY_CODES, type IdType, KYC_DOCUMENTS, type KycDocument, requiresIdBack } from "@helio/shared";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { countryName } from "../../lib/display-names.ts";
import { activeLocale, type Locale } from "../../lib/i18n.ts";

/** The ID types as a member reads them, worded with `i18n._` where they are drawn. */
export const ID_TYPE_LABELS: Record<IdType, MessageDescriptor> = {
  passport: msg`Passport`,
  national_id: msg`National ID`,
  driving_licence: msg`Driving licence`,
};

/** The documents as a member reads them, worded with `i18n._` where they are drawn. */
export const DOCUMENT_LABELS: Record<KycDocument, MessageDescriptor> = {
  idFront: msg`ID front`,
  idBack: msg`ID back`,
  selfie: msg`Selfie with your ID`,
};

export { countryName };

/**
 * Every accepted country as `{ code, name, label }`, sorted by its name in the member's language;
 * `label` puts the code beside the name (`Indonesia (ID)`), as the picker shows it.
 */
export function countryOptions(locale: Locale = activeLocale()): { code: string; name: string; label: string }[] {
  return COUNTRY_CODES.map((code) => {
    const name = countryName(code, locale);
    return { code, name, label: name === code ? code : `${name} (${code})` };
  }).sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** The documents a submission needs for `idType` (no back for a passport). */
export function documentsFor(idType: IdType | "" | undefined): KycDocument[] {
  return KYC_DOCUMENTS.filter((doc) => doc !== "idBack" || (idType ? requiresIdBack(idType) : true));
}

const MISSING: Record<KycDocument, MessageDescriptor> = {
  idFront: msg`Attach the front of your ID`,
  idBack: msg`Attach the back of your ID`,
  selfie: msg`Attach a selfie holding your ID`,
};

/** Which required documents are not chosen yet, with the message for each (in the member's language). */
export function missingDocuments(
  idType: IdType | "" | undefined,
  files: Partial<Record<KycDocument, File | null>>,
): Partial<Record<KycDocument, string>> {
  const missing: Partial<Record<KycDocument, string>> = {};
  for (const doc of documentsFor(idType)) {
    if (!files[doc]) missing[doc] = i18n._(MISSING[doc]);
  }
  return missing;
}

/** The multipart body of `POST /api/kyc`: the text fields, then the files the ID type needs. */
export function kycFormData(
  fields: { legalName: string; dateOfBirth: string; country: string; idType: IdType; idNumber: string },
  files: Partial<Record<KycDocument, File | null>>,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const doc of documentsFor(fields.idType)) {
    const file = files[doc];
    if (file) form.append(doc, file, file.name);
  }
  return form;
}
