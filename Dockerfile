# syntax=docker/dockerfile:1
# Build: check the bot's types (an image is built once, a start must not wait for this), then transpile it,
# with the full dependency set.
FROM node:20-bookworm-slim AS build
# The SQLite driver (better-sqlite3) is compiled when no prebuilt binary can be downloaded: the compilers
# stay in the install stages, the final stage only copies node_modules.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
COPY commands ./commands
RUN npx tsc -p tsconfig.build.json && npm run build

# Production dependencies only.
FROM node:20-bookworm-slim AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATABASE_PATH=/app/data/imagine-bot.db
# tini reaps zombies and forwards SIGTERM so the bot shuts down gracefully.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
VOLUME ["/app/data"]
# Health is served only when HTTP_PORT is set; without it the check passes trivially.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "const p=process.env.HTTP_PORT;if(!p)process.exit(0);fetch('http://127.0.0.1:'+p+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=4", "--v8-pool-size=1", "dist/src/main.js"]
