# syntax=docker/dockerfile:1
# One image serves the API and the built console on port 3000.

# Manifests only, so dependency layers are rebuilt only when a package.json or the lockfile changes.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/console/package.json apps/console/
COPY apps/console-e2e/package.json apps/console-e2e/
COPY libs/contracts/package.json libs/contracts/
COPY libs/domain/package.json libs/domain/
COPY libs/test-apk/package.json libs/test-apk/
COPY tools/package.json tools/

FROM manifests AS deps
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true
RUN npm ci

FROM deps AS build
COPY . .
RUN npx nx run-many -t build -p api console --skip-nx-cache

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
# Only the API's production dependencies: the workspace libraries are bundled into
# apps/api/dist by esbuild, the console is static files.
COPY --from=manifests /app ./
RUN npm ci --omit=dev --workspace apps/api --include-workspace-root=false \
  && npm cache clean --force \
  && mkdir -p /data && chown node:node /data
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/console/dist apps/console/dist
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/api/dist/main.js"]
