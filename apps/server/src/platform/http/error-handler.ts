import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { RateChanged } from "../money/rate-quote.ts";
import { AppError, RetryLaterError } from "./errors.ts";

export const CODE_BY_STATUS: Record<number, string> = {
  400: "VALIDATION_FAILED",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
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
      if (error instanceof RetryLaterError) reply.header("retry-after", String(error.retryAfterS));
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
          ...(error instanceof RateChanged ? { quote: error.quote } : {}),
        },
      });
    }
    if (isMalformedMultipart(error, request)) {
      const message = "The multipart/form-data body is malformed (no boundary, or cut short)";
      return reply.status(400).send({
        error: { code: "VALIDATION_FAILED", message: `body: ${message}`, fields: [{ field: "body", message }] },
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

/**
 * The multipart parser's (busboy's) own errors carry no status: a body without a boundary or cut
 * off before its closing boundary. Only raised while an upload route reads a multipart request.
 */
const BUSBOY_MESSAGES =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|The needle cannot)/;
function isMalformedMultipart(error: Error, request: FastifyRequest): boolean {
  return (
    (error as FastifyError).statusCode === undefined &&
    // The parser (and its request.isMultipart) exists only in the upload routes' scope.
    typeof request.isMultipart === "function" &&
    request.isMultipart() &&
    BUSBOY_MESSAGES.test(error.message)
  );
}

/**
 * For the errors Fastify raises before routing (a path that is not valid percent-encoding, a
 * parameter over the length limit): the same shape as every other error, but the app's page for a
 * page address (`appPage`, which shows its not-found page). Pass as `frameworkErrors`.
 */
export function frameworkErrorHandler(
  appPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | null,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A page address typed or pasted with a broken escape: the app rather than an API error in the
    // browser window.
    if (error.code === "FST_ERR_BAD_URL") {
      const sent = appPage(request, reply);
      if (sent) return sent;
    }
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    reply
      .status(status)
      .send({ error: { code: CODE_BY_STATUS[status] ?? "VALIDATION_FAILED", message: error.message } });
  };
}
