// Serves a built Medusa admin dashboard (a folder made by `medusa-admin build --deployment`) as a
// static site on 127.0.0.1, answering index.html for every path that is not a file (the dashboard
// routes in the browser). Usage: node scripts/admin-dashboard/serve.mjs <bundle-dir> <port>
// Only for trying the dashboard: see scripts/admin-dashboard/README.md.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const [dirArg, portArg = '7001'] = process.argv.slice(2);
if (!dirArg) {
  console.error('usage: node scripts/admin-dashboard/serve.mjs <bundle-dir> [port]');
  process.exit(2);
}
const root = resolve(dirArg);
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

function fileFor(urlPath) {
  let path;
  try {
    path = resolve(join(root, decodeURIComponent(urlPath)));
  } catch {
    return null;
  }
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
}

createServer((req, res) => {
  const urlPath = new URL(req.url ?? '/', 'http://x').pathname;
  const file = fileFor(urlPath) ?? join(root, 'index.html');
  const immutable = file !== join(root, 'index.html');
  res.writeHead(200, {
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  createReadStream(file).pipe(res);
}).listen(Number(portArg), '127.0.0.1', () => console.log(`dashboard ${root} on http://localhost:${portArg}`));
