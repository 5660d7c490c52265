# syntax=docker/dockerfile:1
# The product's image: one image, every role (ROLE=all|web|worker|realtime; docs/deployment.md).

# dependencies, dev ones included (the build needs them)
FROM node:22-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

# the production build, then only what runs stays in node_modules (tsx runs the launcher and workers)
FROM node:22-slim AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx next build && npm prune --omit=dev --no-audit --no-fund && rm -rf .next/cache

FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    ROLE=all \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
# the volumes' folders exist in the image, owned by the runtime user: a new named volume mounted
# there starts as a copy of them (owner included), not as a folder of root's the app cannot write
RUN groupadd --system app && useradd --system --gid app --home-dir /app app \
    && mkdir -p /data/media /data/whatsapp-spool && chown -R app:app /data
COPY --from=build --chown=app:app /app ./
USER app
VOLUME ["/data"]
# web (and all): the Next server; realtime: the Pusher-protocol server (REALTIME_PORT)
EXPOSE 3000 3001
# web and all: GET /api/health; realtime: its /health; worker: the process running is the check
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
# what `npm start` runs, without npm: the launcher itself gets `docker stop`'s SIGTERM (npm and its
# shell died of it and left the launcher and the worker running) and stops its children gracefully
CMD ["node", "--import", "tsx", "workers/start.ts"]
