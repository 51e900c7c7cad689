// Installs dependencies and builds only when something changed, so a second start is quick.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cacheDir = join(root, 'node_modules', '.cache', 'amora');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(
      `\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`,
    );
    process.exit(result.status ?? 1);
  }
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.endsWith('.test.ts')) continue;
        visit(join(path, name));
      }
    } else {
      hash.update(path.slice(root.length));
      hash.update(readFileSync(path));
    }
  };
  for (const p of paths) visit(join(root, p));
  return hash.digest('hex');
}

function changed(name, hash) {
  const marker = join(cacheDir, name);
  return !existsSync(marker) || readFileSync(marker, 'utf8') !== hash;
}

function remember(name, hash) {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(join(cacheDir, name), hash);
}

/** `npm ci` on a fresh clone or after the lockfile changed. */
export function ensureInstalled() {
  const lock = hashFiles(['package-lock.json']);
  if (existsSync(join(root, 'node_modules')) && !changed('install', lock)) return;
  console.log('Installing dependencies…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
  remember('install', lock);
}

/** Builds shared, server and web when any of their sources changed since the last build. */
export function ensureBuilt() {
  const sources = hashFiles([
    'package-lock.json',
    'tsconfig.base.json',
    'packages/shared',
    'apps/server/src',
    'apps/server/tsconfig.json',
    'apps/web',
  ]);
  const outputs = [
    'packages/shared/dist',
    'apps/server/dist/server.js',
    'apps/web/dist/index.html',
  ];
  if (!changed('build', sources) && outputs.every((p) => existsSync(join(root, p)))) return;
  console.log('Building…');
  run('npm', ['run', 'build']);
  remember('build', sources);
}
