import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "./errors.ts";

const CODE_BY_STATUS: Record<number, string> = {
  400: "VALIDATION_FAILED",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_FILE",
  429: "RATE_LIMITED",
};

/** One error shape for every route: `{ error: { code, message, fields? } }`; 5xx never shows internals. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? "body";
      const fields = error.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
        return { field: path || part, message: v.message ?? "Invalid value" };
      });
      return reply.status(400).send({
        error: {
          code: "VALIDATION_FAILED",
          message: fields.map((f) => `${f.field}: ${f.message}`).join("; "),
          fields,
        },
      });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        error.code === "FST_REQ_FILE_TOO_LARGE" ? "PAYLOAD_TOO_LARGE" : (CODE_BY_STATUS[status] ?? "VALIDATION_FAILED");
      return reply.status(status).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ error: { code: "INTERNAL", message: "Something went wrong. Please try again." } });
  });
}
