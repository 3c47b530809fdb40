# One image for every instance: the built web app and the API on one port (docs/deploy.md).
# Any Node with npm 11 only runs npm here: `npm ci` brings the project's own Node 26 into node_modules/.bin
# (decision 0008), and the server runs on that one.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY scripts ./scripts
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm install -g npm@11 && npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
# The project's Node comes first: `node` below is the pinned 26, never a system one.
ENV PATH=/app/node_modules/.bin:$PATH \
    NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    DATA_DIR=/app/data
RUN useradd --system --home /app wyn && mkdir -p /app/data && chown wyn /app/data
USER wyn
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=8", "--wasm-lazy-compilation", "apps/server/dist/main.js"]
