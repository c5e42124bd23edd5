# The API image: build with dev dependencies, run with production ones only, as a non-root user.
# `npm install` (not `npm ci`): see README. Install scripts are skipped: nothing in this stack
# needs one (package.json "allowScripts" denies them too). `node scripts/check-image.ts` (see
# README) lists what the built image holds against what production needs.

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm can fail and still exit 0 ("npm error Exit handler never called!"): the check after it
# makes such an install fail the build here, not steps later with `nest: not found`.
RUN npm install --no-audit --no-fund --ignore-scripts \
 && node -e "const p = require('./package.json'); const missing = Object.keys({ ...p.dependencies, ...p.devDependencies }).filter((name) => !require('fs').existsSync('node_modules/' + name + '/package.json')); if (missing.length) { console.error('npm install did not install: ' + missing.join(' ')); process.exit(1); }"
COPY . .
RUN npm run build

FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=9000
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=optional as well: typescript, ts-node and @types/node are optional peers of typeorm
# (which --omit=dev alone keeps), @embedded-postgres/* the embedded database's binaries (the
# container always gets DATABASE_URL), pg-cloudflare a Cloudflare Workers transport.
RUN npm install --omit=dev --omit=optional --no-audit --no-fund --ignore-scripts \
 && node -e "const p = require('./package.json'); const missing = Object.keys(p.dependencies).filter((name) => !require('fs').existsSync('node_modules/' + name + '/package.json')); if (missing.length) { console.error('npm install did not install: ' + missing.join(' ')); process.exit(1); }" \
 && npm cache clean --force
# The server and its CLIs only (dist/bench is the benchmark).
COPY --from=build /app/dist/src ./dist/src
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
