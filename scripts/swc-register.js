/**
 * `node -r ./scripts/swc-register.js file.ts`: runs this repository's TypeScript without a
 * build, compiled per file by SWC with the same settings as Jest (decorators with
 * metadata, CommonJS). Loading the whole app this way takes ~3 s where ts-node's
 * transpile-only mode takes ~20 s on a busy 2-core machine; the tests and scripts that
 * spawn the real server (graceful shutdown, soak, a PostgreSQL driver process) use it.
 * No type checking: `npm run typecheck` does that.
 */
const { transformSync } = require('@swc/core');
const { readFileSync } = require('fs');

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};
