# Cup of Joe's image: the client and the server are built in the first stage; the second holds only
# what the compiled server runs on (docs/operations.md). CI runs these steps without Docker
# (scripts/dockerfile-steps.mjs), so keep to FROM, WORKDIR, COPY, RUN, ENV, USER, EXPOSE, VOLUME,
# HEALTHCHECK and CMD.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/home/node/data
# The image's own user, never root; its home holds the app and the data folder.
USER node
WORKDIR /home/node
COPY --chown=node:node package.json package-lock.json ./
# npm's download cache stays out of the image (a build cache), owned by the node user (1000).
RUN --mount=type=cache,target=/home/node/.npm,uid=1000,gid=1000 \
    npm ci --omit=dev --no-audit --no-fund && mkdir -p data
COPY --chown=node:node --from=build /app/dist ./dist
COPY --chown=node:node src/server/db/migrations ./src/server/db/migrations
# The calendar reader's worker thread is loaded from its source path (docs/scheduling.md).
COPY --chown=node:node src/server/scheduling/icalendar-worker.mjs ./src/server/scheduling/
COPY --chown=node:node docs ./docs
COPY --chown=node:node assets ./assets
EXPOSE 5000
VOLUME /home/node/data
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
