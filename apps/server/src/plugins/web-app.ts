import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { pagePolicy } from "../platform/http/content-security.ts";
import { AppError } from "../platform/http/errors.ts";

type WebAppOptions = { webDist?: string; secureCookies: boolean };

/**
 * The app's page (index.html with its nonce and policy) as an answer to a GET, or null when there
 * is no web build or the request is the API's: for the not-found handler below and for a page
 * address Fastify cannot route (`frameworkErrorHandler`).
 */
export type AppPage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | null;

export function appPage({ webDist, secureCookies }: WebAppOptions): AppPage {
  const index = webDist ? path.join(webDist, "index.html") : undefined;
  const policy = pagePolicy(secureCookies);
  return (request, reply) => {
    if (request.method !== "GET" || request.url.startsWith("/api/") || !index || !fs.existsSync(index)) return null;
    return sendPage(reply, index, policy);
  };
}

async function sendPage(reply: FastifyReply, file: string, policy: ReturnType<typeof pagePolicy>) {
  const page = policy.forPage(await fs.promises.readFile(file, "utf8"));
  return reply
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-cache")
    .header("content-security-policy", page.header)
    .send(page.html);
}

/** The built single-page app: files as they are, every other non-API GET gets index.html. */
export const webApp = fp<WebAppOptions>(
  async (app, { webDist, secureCookies }) => {
    const index = webDist ? path.join(webDist, "index.html") : undefined;
    const built = () => Boolean(index && fs.existsSync(index));
    if (webDist && built()) {
      await app.register(fastifyStatic, {
        root: webDist,
        // Looks files up per request (a rebuilt dist is served without a restart); misses fall
        // through to the not-found handler below, which answers index.html for app routes.
        wildcard: true,
        index: false, // the page is answered below, with its nonce
        cacheControl: false,
        // assets/x.js.br and .gz are written at build (apps/web/build/precompress.ts): sent as they are,
        // chosen by Accept-Encoding (brotli first), with `Vary: Accept-Encoding`.
        preCompressed: true,
        setHeaders: (res, file) => {
          const hashed = file.includes(`${path.sep}assets${path.sep}`);
          res.raw.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    }
    const policy = pagePolicy(secureCookies);
    const page = appPage({ webDist, secureCookies });
    if (index && built()) {
      app.get("/", { schema: { hide: true } }, (_request, reply) => sendPage(reply, index, policy));
      app.get("/index.html", { schema: { hide: true } }, (_request, reply) => sendPage(reply, index, policy));
    }
    app.setNotFoundHandler(async (request, reply) => {
      const sent = page(request, reply);
      if (sent) return sent;
      throw new AppError(404, "NOT_FOUND", `No route for ${request.method} ${request.url.split("?")[0]}`);
    });
  },
  { name: "web-app" },
);
