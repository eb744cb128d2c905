# Helio's container image: the release build (the web app and the compiled server) on Node 24,
# run as the unprivileged `node` user. One container is one app process; run several behind a load
# balancer that checks GET /api/ready (compose.yaml shows the whole layout).
#
#   docker build -t helio .
#   docker run -p 3000:3000 -e NODE_ENV=production -e PUBLIC_URL=… -e AUTH_SECRET=… -e DATABASE_URL=… helio

# ---- build: every dependency, then `npm run build` (web app into apps/web/dist, server into apps/server/dist)
FROM node:24-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
# `npm install`, not `npm ci`: it installs exactly the locked versions and tolerates a registry
# without every platform's optional binaries (docs/operations.md#installing).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production dependencies only (the server bundle imports its packages from node_modules)
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
# The image's own node is Node 24: the npm-installed copy (for machines without one) is dropped.
RUN npm install --omit=dev --workspace @helio/server --no-audit --no-fund && npm cache clean --force \
  && rm -rf node_modules/node-linux-* node_modules/.bin/node

# ---- runtime
FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=deps --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/apps/server/package.json ./apps/server/package.json
# dist/main.js finds the migrations one folder up (apps/server/drizzle) and the web app beside it.
COPY --from=build --chown=root:root /app/apps/server/dist ./apps/server/dist
COPY --from=build --chown=root:root /app/apps/server/drizzle ./apps/server/drizzle
# The font slices of the statement PDFs (Chinese, Japanese, Korean, Arabic).
COPY --from=build --chown=root:root /app/apps/server/assets ./apps/server/assets
COPY --from=build --chown=root:root /app/apps/web/dist ./apps/web/dist
# The code is root's and read-only to the app; only DATA_DIR is writable (a generated session
# secret, and uploads when STORAGE_URL is not set; with PostgreSQL and S3 it stays nearly empty).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Readiness, not liveness: 503 from the moment shutdown begins (the balancer stops routing here).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 here and handles SIGTERM itself (graceful shutdown: drain, finish, close).
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
