import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { pagePolicy } from "../platform/http/content-security.ts";
import { AppError } from "../platform/http/errors.ts";

/** The built single-page app: files as they are, every other non-API GET gets index.html. */
export const webApp = fp<{ webDist?: string; secureCookies: boolean }>(
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
    const sendPage = async (reply: FastifyReply, file: string) => {
      const page = policy.forPage(await fs.promises.readFile(file, "utf8"));
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .header("content-security-policy", page.header)
        .send(page.html);
    };
    if (index && built()) {
      app.get("/", { schema: { hide: true } }, (_request, reply) => sendPage(reply, index));
      app.get("/index.html", { schema: { hide: true } }, (_request, reply) => sendPage(reply, index));
    }
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method === "GET" && !request.url.startsWith("/api/") && index && built()) {
        return sendPage(reply, index);
      }
      throw new AppError(404, "NOT_FOUND", `No route for ${request.method} ${request.url.split("?")[0]}`);
    });
  },
  { name: "web-app" },
);
