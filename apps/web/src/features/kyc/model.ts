import { COUNTRY_CODES, type IdType, KYC_DOCUMENTS, type KycDocument, requiresIdBack } from "@helio/shared";

export const ID_TYPE_LABELS: Record<IdType, string> = {
  passport: "Passport",
  national_id: "National ID",
  driving_licence: "Driving licence",
};

export const DOCUMENT_LABELS: Record<KycDocument, string> = {
  idFront: "ID front",
  idBack: "ID back",
  selfie: "Selfie with your ID",
};

let regionNames: Intl.DisplayNames | null = null;
/** `ID` → `Indonesia` (English); the code itself when the name is unknown. */
export function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every accepted country as `{ code, name }`, sorted by name. */
export function countryOptions(): { code: string; name: string }[] {
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, "en"),
  );
}

/** The documents a submission needs for `idType` (no back for a passport). */
export function documentsFor(idType: IdType | "" | undefined): KycDocument[] {
  return KYC_DOCUMENTS.filter((doc) => doc !== "idBack" || (idType ? requiresIdBack(idType) : true));
}

const MISSING: Record<KycDocument, string> = {
  idFront: "Attach the front of your ID",
  idBack: "Attach the back of your ID",
  selfie: "Attach a selfie holding your ID",
};

/** Which required documents are not chosen yet, with the message for each. */
export function missingDocuments(
  idType: IdType | "" | undefined,
  files: Partial<Record<KycDocument, File | null>>,
): Partial<Record<KycDocument, string>> {
  const missing: Partial<Record<KycDocument, string>> = {};
  for (const doc of documentsFor(idType)) {
    if (!files[doc]) missing[doc] = MISSING[doc];
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
