import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI document, made from the routes' zod schemas, at /api/openapi.json and /api/docs. */
export const apiDocs = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: "Helio API",
          version: "0.1.0",
          description: "Every HTTP endpoint of Helio. Errors: { error: { code, message, fields? } }.",
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "api-docs" },
);
