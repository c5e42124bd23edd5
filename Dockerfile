# syntax=docker/dockerfile:1
# The API image: build with dev dependencies, run with production ones only, as a non-root user.
# `npm install` (not `npm ci`): see README. Install scripts are skipped: nothing in this stack
# needs one (package.json "allowScripts" denies them too).

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=9000
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
# Demo data, loaded only when SEED_DEMO=true (never by default into a real database).
COPY data ./data
# Default mail templates (MAIL_TEMPLATES_DIR points at a shop's own).
COPY templates ./templates
USER node
EXPOSE 9000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 9000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The heap cap is the one `npm run start:prod` and the benchmark use (docs/performance.md):
# V8 then collects before the heap grows past what the API needs (RSS ~160 MB, not ~250).
CMD ["node", "--max-old-space-size=192", "dist/src/main.js"]
