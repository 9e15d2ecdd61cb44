# Production image: build, then a slim runtime as a non-root user.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx remix build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 VOLTCAST_DATA_DIR=/app/.voltcast
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY server.ts worker.ts tsconfig.json ./
COPY api ./api
COPY app/validation ./app/validation
COPY engine ./engine
COPY data ./data
RUN useradd --create-home --uid 10001 voltcast && mkdir -p /app/.voltcast && chown -R voltcast /app/.voltcast
USER voltcast
EXPOSE 3000
CMD ["npx", "tsx", "server.ts"]
