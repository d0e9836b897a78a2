# The consultant server: build once with the toolchain, run from the built files with the runtime
# dependencies only, as a non-root user. docs/operations.md, "Deploy".
#   docker build -t svc .
#   docker run -p 3100:3100 -v svc-data:/app/data svc
# The same commands run in CI outside a container (scripts/production-check.mjs).

# ── build: the toolchain, every dependency, `npm run build` → dist/
FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles from source when no prebuilt binary can be had.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
# `npm install` honours the lockfile (npm ci refuses it where a registry lacks other platforms' rollup builds).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# ── deps: the runtime dependencies alone (better-sqlite3 compiled here, with the toolchain)
FROM node:20-bookworm-slim AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund

# ── runtime: no toolchain, no development packages
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    SVC_HOST=0.0.0.0 \
    SVC_PORT=3100 \
    SVC_DB=/app/data/svc.db
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /src/package.json ./
COPY --from=build /src/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3100
VOLUME ["/app/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.SVC_PORT||3100)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) drains requests, ends event streams and exits 0 within 9 s.
STOPSIGNAL SIGTERM
CMD ["node", "dist/node/server/main.js"]
