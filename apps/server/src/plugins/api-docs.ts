import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { API, API_PATTERNS, errorResponseSchema } from "@helio/shared";
import { z } from "@helio/shared/zod";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { SESSION_SECURITY } from "../platform/http/route-options.ts";

type JsonSchema = { [key: string]: unknown };
type Operation = {
  operationId?: string;
  parameters?: { in: string; name: string; description?: string }[];
  responses?: Record<string, unknown>;
};
type Document = {
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
  paths?: Record<string, Record<string, Operation>>;
};

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** better-auth's catch-all, `/api/auth/*`: Fastify's wildcard, written as a named parameter. */
const AUTH_WILDCARD = { template: "/api/auth/{*}", path: "/api/auth/{path}", parameter: "path" };

/** `:name` (Fastify) and `*` to `{name}` (OpenAPI). */
const openApiPath = (pattern: string) =>
  pattern.replace(/:(\w+)/g, "{$1}").replace(/\*$/, `{${AUTH_WILDCARD.parameter}}`);

/** Each documented path's name in packages/shared/src/paths.ts (`deposits`, `adminMemberStatus`…). */
const PATH_NAMES = new Map<string, string>([
  ...Object.entries(API).flatMap(([name, entry]) => (typeof entry === "string" ? [[entry, name] as const] : [])),
  ...Object.entries(API_PATTERNS).map(([name, pattern]) => [openApiPath(pattern), name] as const),
]);

/**
 * A stable, readable operationId: the method and the path's name in paths.ts (`getDeposits`,
 * `postAdminMemberStatus`), so a generated client's names change only when a path is renamed.
 * A path that paths.ts does not name (there is none; route-paths.test.ts sees to it) falls back to
 * its segments.
 */
function operationIdOf(method: string, path: string): string {
  const name =
    PATH_NAMES.get(path) ??
    path
      .replace(/^\/api\//, "")
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word, i) => (i === 0 ? word : word[0]?.toUpperCase() + word.slice(1)))
      .join("");
  return `${method}${name[0]?.toUpperCase()}${name.slice(1)}`;
}

/** Every schema object below `node`, to tidy what the zod conversion writes. */
function eachSchema(node: unknown, visit: (schema: JsonSchema) => void) {
  if (Array.isArray(node)) {
    for (const item of node) eachSchema(item, visit);
    return;
  }
  if (!node || typeof node !== "object") return;
  visit(node as JsonSchema);
  for (const value of Object.values(node)) eachSchema(value, visit);
}

/**
 * OpenAPI 3.0 as clients and linters read it: `nullable` only beside a `type` (a schema with no
 * type, `z.unknown()`, already admits null), and a record keyed by an enum (`required` keys, one
 * `additionalProperties` schema) lists those keys as its properties.
 */
function tidySchema(schema: JsonSchema) {
  if (schema.nullable === true && schema.type === undefined && schema.$ref === undefined) delete schema.nullable;
  const values = schema.additionalProperties;
  if (Array.isArray(schema.required) && schema.properties === undefined && values && typeof values === "object")
    schema.properties = Object.fromEntries((schema.required as string[]).map((key) => [key, values]));
}

/** The answer every operation may give when it refuses or fails: `{ error: { code, message, fields? } }`. */
const ERROR_RESPONSES = {
  ClientError: {
    description:
      "Refused: VALIDATION_FAILED (400, `fields` names each bad field), UNAUTHENTICATED (401), FORBIDDEN (403: not allowed, or a write from a foreign Origin), NOT_FOUND (404), CONFLICT (409), RATE_LIMITED (429), …",
  },
  ServerError: { description: "Failed: INTERNAL (500), or UNAVAILABLE (503) while a part we depend on is down." },
};

/** The finished document: operationIds, the error answers, the auth wildcard, tidied schemas. */
function completeDocument(document: Document): Document {
  const errorSchema = z.toJSONSchema(errorResponseSchema, { target: "openapi-3.0" }) as JsonSchema;
  delete errorSchema.$schema;
  const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, Error: errorSchema },
    responses: Object.fromEntries(
      Object.entries(ERROR_RESPONSES).map(([name, { description }]) => [name, { description, content: errorContent }]),
    ),
  };
  const paths: NonNullable<Document["paths"]> = {};
  for (const [template, operations] of Object.entries(document.paths ?? {})) {
    const path = template === AUTH_WILDCARD.template ? AUTH_WILDCARD.path : template;
    paths[path] = {};
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      // One route with two methods shares one operation object: each method gets its own.
      (paths[path] as Record<string, Operation>)[method] = {
        ...operation,
        operationId: operation.operationId ?? operationIdOf(method, path),
        ...(operation.parameters && {
          parameters: operation.parameters.map((parameter) =>
            parameter.in === "path" && parameter.name === "*"
              ? {
                  ...parameter,
                  name: AUTH_WILDCARD.parameter,
                  description: "The better-auth endpoint, e.g. `sign-in/email` (it may contain `/`).",
                }
              : parameter,
          ),
        }),
        responses: {
          ...operation.responses,
          "4XX": { $ref: "#/components/responses/ClientError" },
          "5XX": { $ref: "#/components/responses/ServerError" },
        },
      };
    }
  }
  document.paths = paths;
  eachSchema(document, tidySchema);
  return document;
}

/**
 * The OpenAPI document, made from the routes' zod schemas, at /api/openapi.json and /api/docs.
 * The session cookie is its security scheme (`sessionCookie`, better-auth's cookie name); each
 * route says whether it needs it through its route options.
 */
export const apiDocs = fp<{ sessionCookie: string }>(
  async (app, { sessionCookie }) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: "Helio API",
          version: "0.1.0",
          description:
            "Every HTTP endpoint of Helio. Sign in through `/api/auth/sign-in/email` (or `…/username`); the session cookie it sets authenticates the rest. Writes need the Origin of our pages. Errors: { error: { code, message, fields? } }.",
        },
        servers: [{ url: "/", description: "The instance that serves this document" }],
        components: {
          securitySchemes: {
            [SESSION_SECURITY]: {
              type: "apiKey",
              in: "cookie",
              name: sessionCookie,
              description: "The session cookie better-auth sets at sign-in (HttpOnly).",
            },
          },
        },
        security: [{ [SESSION_SECURITY]: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: (documentObject) =>
        "openapiObject" in documentObject
          ? (completeDocument(documentObject.openapiObject as Document) as typeof documentObject.openapiObject)
          : documentObject.swaggerObject,
    });
    await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "api-docs" },
);
