/**
 * Malformed requests built from the OpenAPI document: for every operation, a plausible request
 * (defaults, enum values, strings that match the pattern) with one part replaced by something
 * hostile. Deterministic: the same document and seed give the same requests.
 */

// The market simulator's seeded PRNG (mulberry32): a failing run can be replayed from its seed.
import { seededRandom } from "../src/modules/market/sources.ts";

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Parameter = { in: "path" | "query" | "header"; name: string; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
export type OpenApi = { paths: Record<string, Record<string, Operation>> };

export type FuzzRequest = {
  /** The operation, e.g. `POST /api/chat/messages`. */
  operation: string;
  /** A plausible request (no hostile part): tells which roles the operation lets in. */
  baseline?: boolean;
  /** What is being attacked, e.g. `POST /api/chat/messages body.text = "a\u0000b"`. */
  label: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** Sent with a foreign Origin instead of ours. */
  foreignOrigin?: boolean;
};

const LONG = "x".repeat(100_000);
/** Sent in place of every JSON field: what PostgreSQL, jsonb or a date column refuse. */
export const CORE_JSON_VALUES: unknown[] = ["a\u0000b", "x\uDFFFy", "9999-99-99"];
/** Values put into JSON bodies in place of one field (`perField` of them, picked per field). */
export const BAD_JSON_VALUES: unknown[] = [
  "\u0000",
  "\uD800",
  "\u0007\u001b[31mred\u007f",
  "line\r\nbreak\u2028",
  LONG,
  "💥".repeat(5_000),
  "",
  "   ",
  "2026-13-45",
  "../../etc/passwd",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  0,
  -1,
  1.5,
  12345,
  1e308,
  -9007199254740992,
  true,
  null,
  [],
  ["a", 1],
  {},
  { $gt: "" },
];
/** Sent in place of every query and path parameter (raw, already encoded). */
export const CORE_URL_VALUES: string[] = ["a%00b", "2026-13-45"];
/** Raw values for a query or path parameter (`perField` of them, picked per parameter). */
export const BAD_URL_VALUES: string[] = [
  "%00",
  "%ED%A0%80", // a lone surrogate in CESU-8
  "%FF%FE",
  "%",
  "%zz",
  "%07%1B",
  "x".repeat(4_000),
  "9999-99-99",
  "-1",
  "1e309",
  "NaN",
  "0x10",
  "..%2F..%2Fetc%2Fpasswd",
  "%27%20OR%201%3D1--",
  "",
];

const SAMPLE_STRINGS = ["sample text", "1.5", "BTCUSDT", "ABCD1234", "2026-01-15", "abc", "US"];

/** A value the schema accepts, as far as a simple reading of it can tell. */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return "sample";
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternative?.length) return sampleOf(alternative.find((s) => s.type !== "null") ?? alternative[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, 1);
    case "boolean":
      return true;
    case "array":
      return [sampleOf(schema.items)];
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sampleOf(s)]));
    case "string":
      if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
      if (schema.format === "email") return "fuzz@example.test";
      if (schema.format === "date") return "2000-01-15";
      if (schema.format === "date-time") return "2026-01-15T10:00:00.000Z";
      if (schema.pattern) {
        const re = new RegExp(schema.pattern, "u");
        return SAMPLE_STRINGS.find((s) => re.test(s)) ?? "sample";
      }
      return "sample text".padEnd(schema.minLength ?? 0, "x");
    default:
      return "sample";
  }
}

function encodeSample(value: unknown): string {
  return encodeURIComponent(String(value));
}

function fillPath(template: string, params: Parameter[], override?: { name: string; raw: string }): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (override?.name === name) return override.raw;
    const param = params.find((p) => p.in === "path" && p.name === name);
    return encodeSample(sampleOf(param?.schema));
  });
}

/** A multipart body: `truncated` cuts it before the closing boundary. */
function multipart(fields: Record<string, string>, file: boolean, truncated: boolean) {
  const boundary = "----fuzz7d3a91";
  let body = "";
  for (const [name, value] of Object.entries(fields))
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  if (file)
    body += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;
  if (!truncated) body += `\r\n--${boundary}--\r\n`;
  return { payload: Buffer.from(body, "utf8"), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Requests that attack the body of an upload route (one without a JSON body in the document). */
function multipartCases(method: FuzzRequest["method"], url: string, op: string): FuzzRequest[] {
  const kycFields = { legalName: "Ada\u0000Lovelace", dateOfBirth: "1990-02-31", country: "U\u0000S", idType: "x" };
  const truncated = multipart({}, true, true);
  const noFile = multipart({ note: "hi" }, false, false);
  const hostile = multipart(kycFields, true, false);
  const cases: [string, Buffer | string, string][] = [
    ["no boundary", "--x\r\n", "multipart/form-data"],
    ["empty boundary", "--\r\n", "multipart/form-data; boundary="],
    ["truncated part", truncated.payload, truncated.contentType],
    ["no file", noFile.payload, noFile.contentType],
    ["hostile fields", hostile.payload, hostile.contentType],
    [
      "garbage",
      Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256)),
      "multipart/form-data; boundary=abc",
    ],
    ["wrong type", "plain text", "text/plain"],
  ];
  return cases.map(([what, payload, contentType]) => ({
    operation: op,
    label: `${op} multipart: ${what}`,
    method,
    url,
    headers: { "content-type": contentType },
    payload,
  }));
}

function short(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/**
 * Every hostile request for the document's operations. `perField` bad values are picked per
 * field (by the seeded PRNG), to keep the run short while covering every field.
 */
export function requestsFromOpenApi(doc: OpenApi, opts: { seed: number; perField: number }): FuzzRequest[] {
  const random = seededRandom(opts.seed);
  const pick = <T>(values: T[]) => {
    const copy = [...values];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, opts.perField);
  };
  const badJson = () => [...CORE_JSON_VALUES, ...pick(BAD_JSON_VALUES)];
  const badUrl = () => [...CORE_URL_VALUES, ...pick(BAD_URL_VALUES)];
  const out: FuzzRequest[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    if (template.startsWith("/api/auth/")) continue; // better-auth: see authRequests
    for (const [lower, operation] of Object.entries(operations)) {
      const method = lower.toUpperCase() as FuzzRequest["method"];
      const op = `${method} ${template}`;
      const add = (request: Omit<FuzzRequest, "operation">) => out.push({ operation: op, ...request });
      const params = operation.parameters ?? [];
      const query = params.filter((p) => p.in === "query");
      const queryString = (override?: { name: string; raw: string }) =>
        query
          .map((p) => `${p.name}=${override?.name === p.name ? override.raw : encodeSample(sampleOf(p.schema))}`)
          .join("&");
      const url = (override?: { name: string; raw: string }, where?: "path" | "query") => {
        const path = fillPath(template, params, where === "path" ? override : undefined);
        const qs = queryString(where === "query" ? override : undefined);
        return qs ? `${path}?${qs}` : path;
      };
      const jsonSchema = operation.requestBody?.content["application/json"]?.schema;
      const body = jsonSchema ? sampleOf(jsonSchema) : undefined;
      const jsonRequest = (payload: string, label: string, headers = {}) => ({
        label: `${op} ${label}`,
        method,
        url: url(),
        headers: { "content-type": "application/json", ...headers },
        payload,
      });
      add(
        body === undefined
          ? { label: `${op} baseline`, method, url: url(), baseline: true }
          : { ...jsonRequest(JSON.stringify(body), "baseline"), baseline: true },
      );
      for (const p of params.filter((x) => x.in !== "header")) {
        for (const raw of badUrl()) {
          const override = { name: p.name, raw };
          const base = { method, ...(body !== undefined ? { headers: { "content-type": "application/json" } } : {}) };
          add({
            ...base,
            label: `${op} ${p.in}.${p.name} = ${short(raw)}`,
            url: url(override, p.in as "path" | "query"),
            ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
          });
        }
        // The same parameter twice: an array where a string is expected.
        if (p.in === "query") add({ label: `${op} query.${p.name} twice`, method, url: `${url()}&${p.name}=b` });
      }
      if (jsonSchema && body && typeof body === "object" && !Array.isArray(body)) {
        for (const field of Object.keys(jsonSchema.properties ?? {})) {
          for (const bad of badJson())
            add(jsonRequest(JSON.stringify({ ...body, [field]: bad }), `body.${field} = ${short(bad)}`));
        }
      }
      if (method !== "GET") {
        if (jsonSchema) {
          add(jsonRequest("{", "invalid JSON"));
          add(jsonRequest('"a string"', "a JSON string"));
          add(jsonRequest("[]", "a JSON array"));
          add(jsonRequest("null", "JSON null"));
          add(jsonRequest("", "empty body"));
          add(jsonRequest(JSON.stringify(body), "foreign origin", {}));
          (out.at(-1) as FuzzRequest).foreignOrigin = true;
          add({
            ...jsonRequest(JSON.stringify(body), "as text/plain"),
            headers: { "content-type": "text/plain" },
          });
        } else {
          out.push(...multipartCases(method, url(), op));
          add({ label: `${op} foreign origin`, method, url: url(), foreignOrigin: true });
        }
      }
    }
  }
  return out;
}

/** better-auth's endpoints (one wildcard route in the document) with their bodies. */
const AUTH_BODIES: Record<string, Record<string, unknown>> = {
  "sign-in/email": { email: "fuzz@example.test", password: "wrong-password-1" },
  "sign-in/username": { username: "fuzz_user", password: "wrong-password-1" },
  "sign-up/email": { email: "fuzz@example.test", password: "long-enough-pass", name: "Fuzz" },
  "request-password-reset": { email: "fuzz@example.test", redirectTo: "/reset-password" },
  "reset-password": { newPassword: "long-enough-pass", token: "abcdefghijklmnopqrstuvwx" },
  "send-verification-email": { email: "fuzz@example.test", callbackURL: "/" },
  "change-password": { currentPassword: "wrong-password-1", newPassword: "long-enough-pass" },
  "revoke-session": { token: "abcdefghijklmnop" },
  "revoke-other-sessions": {},
  "two-factor/enable": { password: "wrong-password-1" },
  "two-factor/disable": { password: "wrong-password-1" },
  "two-factor/verify-totp": { code: "123456" },
  "two-factor/verify-backup-code": { code: "abcde-fghij" },
  "two-factor/generate-backup-codes": { password: "wrong-password-1" },
  "two-factor/get-totp-uri": { password: "wrong-password-1" },
};

export function authRequests(opts: { seed: number; perField: number }): FuzzRequest[] {
  const random = seededRandom(opts.seed + 1);
  const out: FuzzRequest[] = [];
  const json = { "content-type": "application/json" };
  for (const [path, body] of Object.entries(AUTH_BODIES)) {
    const url = `/api/auth/${path}`;
    const op = `POST ${url}`;
    const add = (request: Omit<FuzzRequest, "operation" | "method" | "url">) =>
      out.push({ operation: op, method: "POST", url, ...request });
    add({ label: `${op} baseline`, headers: json, payload: JSON.stringify(body), baseline: true });
    out.push({
      operation: op,
      label: `${op} foreign origin`,
      method: "POST",
      url,
      headers: json,
      payload: JSON.stringify(body),
      foreignOrigin: true,
    });
    out.push({ operation: op, label: `${op} invalid JSON`, method: "POST", url, headers: json, payload: "{" });
    for (const field of Object.keys(body)) {
      const values = [...CORE_JSON_VALUES, ...[...BAD_JSON_VALUES].sort(() => random() - 0.5).slice(0, opts.perField)];
      for (const bad of values)
        out.push({
          operation: op,
          label: `${op} body.${field} = ${short(bad)}`,
          method: "POST",
          url,
          headers: json,
          payload: JSON.stringify({ ...body, [field]: bad }),
        });
    }
  }
  const gets = ["GET /api/auth/reset-password/{token}", "GET /api/auth/verify-email"];
  for (const operation of gets)
    out.push({
      operation,
      label: `${operation} baseline`,
      method: "GET",
      url: "/api/auth/get-session",
      baseline: true,
    });
  for (const raw of [...CORE_URL_VALUES, ...BAD_URL_VALUES]) {
    out.push({
      operation: gets[0] as string,
      label: `GET reset-password/{token} = ${short(raw)}`,
      method: "GET",
      url: `/api/auth/reset-password/${raw}?callbackURL=%2F`,
    });
    out.push({
      operation: gets[1] as string,
      label: `GET verify-email?token=${short(raw)}`,
      method: "GET",
      url: `/api/auth/verify-email?token=${raw}`,
    });
    out.push({
      operation: gets[0] as string,
      label: `GET reset-password callbackURL=${short(raw)}`,
      method: "GET",
      url: `/api/auth/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=${raw}`,
    });
  }
  return out;
}
