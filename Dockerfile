# Production image (decision 0042): build with the development tools, then a slim runtime that holds
# the compiled output only — no TypeScript, no tsx — run as the unprivileged `node` user under tini.
# Install scripts stay off, as on the machines Voltcast is built and tested on (STACK.md).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# remix build (build/, public/build/) and scripts/build.ts (dist/)
RUN npm run build

FROM node:24-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 VOLTCAST_DATA_DIR=/app/.voltcast
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# Files the compiled code reads at their source paths: the migrations and the location tables.
COPY api/db/migrations ./api/db/migrations
COPY data ./data
RUN mkdir -p /app/.voltcast && chown node:node /app/.voltcast
# The data folder (embedded database, generated files, the local secret) outlives the container.
VOLUME ["/app/.voltcast"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini is PID 1: it forwards SIGTERM to Node (which drains, decision 0010) and reaps the embedded
# PostgreSQL's processes. Other commands of the image: node dist/worker.js, node dist/admin.js …,
# node dist/db-migrate.js, node dist/data-import.js PATH.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server.js"]
