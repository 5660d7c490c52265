# syntax=docker/dockerfile:1
# The product's image: one image, every role (ROLE=all|web|worker|realtime; docs/deployment.md).

# dependencies, dev ones included (the build needs them)
FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

# the production build, then only what runs stays in node_modules (tsx runs the launcher and workers)
FROM node:20-slim AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx next build && npm prune --omit=dev --no-audit --no-fund && rm -rf .next/cache

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    ROLE=all \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
RUN groupadd --system app && useradd --system --gid app --home-dir /app app \
    && mkdir -p /data && chown app:app /data
COPY --from=build --chown=app:app /app ./
USER app
VOLUME ["/data"]
# web (and all): the Next server; realtime: the Pusher-protocol server (REALTIME_PORT)
EXPOSE 3000 3001
# web and all: GET /api/health; realtime: its /health; worker: the process running is the check
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
# npm passes SIGTERM on to the launcher, which stops its children gracefully (up to 25 s)
CMD ["npm", "start"]
