# syntax=docker/dockerfile:1
# Multi-stage: build the SPA with all dependencies, run with production ones only, as a non-root user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3001 DATA_DIR=/data UPLOADS_DIR=/data/uploads
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY src ./src
COPY migrations ./migrations
COPY tsconfig.json ./
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:3001/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The same image runs the worker with: node --import tsx src/worker/main.ts
CMD ["node", "--import", "tsx", "src/server.ts"]
