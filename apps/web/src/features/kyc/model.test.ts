import { describe, expect, it } from "vitest";
import { countryName, countryOptions, documentsFor, kycFormData, missingDocuments } from "./model.ts";

const file = (name: string) => new File(["x"], name, { type: "image/png" });

describe("KYC documents", () => {
  it("needs no ID back for a passport", () => {
    expect(documentsFor("passport")).toEqual(["idFront", "selfie"]);
    expect(documentsFor("national_id")).toEqual(["idFront", "idBack", "selfie"]);
    expect(documentsFor("driving_licence")).toEqual(["idFront", "idBack", "selfie"]);
  });

  it("names the documents still missing", () => {
    expect(missingDocuments("national_id", { idFront: file("f.png") })).toEqual({
      idBack: "Attach the back of your ID",
      selfie: "Attach a selfie holding your ID",
    });
    expect(missingDocuments("passport", { idFront: file("f.png"), selfie: file("s.png") })).toEqual({});
  });

  it("sends the fields and only the files the ID type needs", () => {
    const form = kycFormData(
      { legalName: "Jane Doe", dateOfBirth: "1990-01-02", country: "ID", idType: "passport", idNumber: "X123" },
      { idFront: file("front.png"), idBack: file("back.png"), selfie: file("selfie.png") },
    );
    expect(form.get("legalName")).toBe("Jane Doe");
    expect(form.get("idType")).toBe("passport");
    expect((form.get("idFront") as File).name).toBe("front.png");
    expect(form.get("idBack")).toBeNull();
    expect((form.get("selfie") as File).name).toBe("selfie.png");
  });

  it("lists countries by name, the code beside it", () => {
    expect(countryName("ID")).toBe("Indonesia");
    const options = countryOptions();
    expect(options.length).toBeGreaterThan(240);
    expect(options.find((o) => o.code === "GB")?.name).toBe("United Kingdom");
    expect(options.find((o) => o.code === "ID")?.label).toBe("Indonesia (ID)");
    const names = options.map((o) => o.name);
    expect([...names].sort((a, b) => a.localeCompare(b, "en"))).toEqual(names);
  });
});
