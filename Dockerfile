# syntax=docker/dockerfile:1
# One image per service, built from the same stages: `docker build --target <service> .`
# Targets: gateway, auth, sessions, chat-ingest, stats, standalone. They are the `runtime`
# stage plus a default CMD, sharing every layer; the Helm chart runs `--target runtime` for
# every process with its own command (docs/operations.md).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY libs libs
COPY services services
COPY apps apps
COPY tools tools
COPY web web
RUN npm ci --no-audit --no-fund
COPY nx.json tsconfig.base.json .swcrc ./
RUN npx nx run-many -t build --output-style=static \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/node-linux-* node_modules/.bin/node \
  && rm -rf .nx

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node

FROM runtime AS gateway
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "services/gateway/dist/main.js"]

FROM runtime AS auth
CMD ["node", "services/auth/dist/main.js"]

FROM runtime AS sessions
CMD ["node", "services/sessions/dist/main.js"]

FROM runtime AS chat-ingest
CMD ["node", "services/chat-ingest/dist/main.js"]

FROM runtime AS stats
CMD ["node", "services/stats/dist/main.js"]

FROM runtime AS standalone
ENV DATA_DIR=/data
VOLUME /data
EXPOSE 3000
CMD ["node", "apps/standalone/dist/main.js"]
