// Installs dependencies and builds only when something changed, so a second start is quick.
// A build never replaces files that a running instance serves (docs/decisions/022).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cacheDir = join(root, 'node_modules', '.cache', 'amora');
const webDir = join(root, 'apps', 'web');
/** One folder per web build; `apps/web/dist` is a symbolic link to the newest one. */
const releasesDir = join(webDir, 'releases');
const webDist = join(webDir, 'dist');
/** Inside a release: its own record and the records of the instances serving it. */
const RELEASE_RECORD = join('.amora', 'release.json');
const INSTANCES = join('.amora', 'instances');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(
      `\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`,
    );
    process.exit(result.status ?? 1);
  }
}

/** What the build writes, and what is no input of it: never part of the source hash. */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'releases', 'coverage', '.cache']);
const isNotSource = (name) =>
  NOT_SOURCES.has(name) || name.endsWith('.tsbuildinfo') || name.endsWith('.test.ts');

function hashFiles(paths) {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return; // apps/web/dist and the like point at build outputs
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (!isNotSource(name)) visit(join(path, name));
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

/**
 * The build's two parts, each with its inputs (sources and settings only, never what a build
 * writes) and what it writes: a change to the web app alone rebuilds only the web app.
 */
const COMMON_INPUTS = ['package-lock.json', 'tsconfig.base.json', 'packages/shared'];
const PARTS = [
  {
    name: 'build-server',
    inputs: [
      ...COMMON_INPUTS,
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
    ],
    outputs: ['packages/shared/dist', 'apps/server/dist/server.js', 'apps/server/bundle/server.js'],
    // tsc -b rewrites only the outputs of changed sources; a running server has loaded every
    // module of its own at start-up (no lazy imports of its own files), see decision 022.
    build() {
      run('npm', ['run', 'build', '-w', '@amora/shared']);
      run('npm', ['run', 'build', '-w', '@amora/server']);
      run(process.execPath, [join(root, 'scripts', 'bundle-server.mjs')]);
    },
  },
  {
    name: 'build-web',
    inputs: [...COMMON_INPUTS, 'apps/web'],
    outputs: ['apps/web/dist/index.html'],
    build: () => buildWeb(),
  },
];

/** The parts whose inputs changed since they were built, with their inputs' hashes. */
const staleParts = () =>
  PARTS.map((part) => ({ part, hash: hashFiles(part.inputs) })).filter(
    ({ part, hash }) =>
      changed(part.name, hash) || !part.outputs.every((p) => existsSync(join(root, p))),
  );

/** Builds the parts of shared, server and web whose sources changed since their last build. */
export function ensureBuilt() {
  if (staleParts().length === 0) return;
  withBuildLock(() => {
    // Another start may have built the same sources while this one waited for the lock.
    const stale = staleParts();
    if (stale.length === 0) return;
    console.log('Building…');
    for (const { part, hash } of stale) {
      part.build();
      remember(part.name, hash);
    }
  });
}

/** `npm run build`: always builds everything, through the same safe steps as `npm start`. */
export function build() {
  withBuildLock(() => {
    for (const part of PARTS) {
      const hash = hashFiles(part.inputs);
      part.build();
      remember(part.name, hash);
    }
  });
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Whether a process with this id runs (EPERM: it does, under another user). */
function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The pid in the lock file; NaN while it is empty, undefined when there is no lock. */
function lockHolder(lock) {
  try {
    return Number(readFileSync(lock, 'utf8').trim() || 'NaN');
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** One build at a time per checkout: a second start waits for the first one's build. */
function withBuildLock(work) {
  mkdirSync(cacheDir, { recursive: true });
  const lock = join(cacheDir, 'build.lock');
  let told = false;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = lockHolder(lock);
      if (holder === undefined) continue; // released meanwhile
      if (Number.isNaN(holder)) {
        sleep(200); // just created, its pid not written yet
        if (Number.isNaN(lockHolder(lock))) rmSync(lock, { force: true });
      } else if (isAlive(holder)) {
        if (!told) console.log(`Waiting for the build of process ${holder}…`);
        told = true;
        sleep(500);
      } else {
        rmSync(lock, { force: true });
      }
    }
  }
  const release = () => {
    if (existsSync(lock) && readFileSync(lock, 'utf8') === String(process.pid)) rmSync(lock);
  };
  process.once('exit', release);
  try {
    work();
  } finally {
    release();
    process.removeListener('exit', release);
  }
}

/** Files under `dir`, relative to it, sorted. */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name).slice(dir.length + 1))
    .sort();
}

function readRecord(release) {
  try {
    return JSON.parse(readFileSync(join(release, RELEASE_RECORD), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The web app goes into a new folder, `apps/web/releases/<build id>/`, which then becomes
 * `apps/web/dist` in one rename(2) of a symbolic link. An instance serves the folder it
 * resolved at start, so nothing it serves is deleted or overwritten; the new folder also
 * holds the previous build's hashed assets, for pages still open on it when an instance
 * restarts onto the new build.
 */
function buildWeb() {
  mkdirSync(releasesDir, { recursive: true });
  const staging = join(releasesDir, `.building-${process.pid}-${Date.now().toString(36)}`);
  const dropStaging = () => rmSync(staging, { recursive: true, force: true });
  process.once('exit', dropStaging);
  run('npm', ['run', 'build', '-w', '@amora/web', '--', '--outDir', staging]);
  // The server's rendering of visitor pages, from the same sources (decision 046).
  run('npm', [
    'run',
    'build:server-render',
    '-w',
    '@amora/web',
    '--',
    '--outDir',
    join(staging, '.ssr'),
  ]);

  const { id } = JSON.parse(readFileSync(join(staging, 'builds', 'latest.json'), 'utf8'));
  const own = filesUnder(join(staging, 'assets'));
  mkdirSync(join(staging, '.amora'), { recursive: true });
  writeFileSync(
    join(staging, RELEASE_RECORD),
    JSON.stringify({ id, builtAt: new Date().toISOString(), assets: own }, null, 2),
  );

  const previous = currentRelease();
  if (previous) carryAssets(previous, staging);

  const release = join(releasesDir, id);
  renameSync(staging, release);
  process.removeListener('exit', dropStaging);
  switchDist(id);
  pruneReleases([release, previous].filter(Boolean));
  console.log(`Web app built: apps/web/releases/${id} (apps/web/dist links to it).`);
}

/**
 * The release `apps/web/dist` points at now. A real folder left by a build before
 * decision 022 is moved in among the releases first (old servers then find its files
 * through the link, and its assets are carried into the next build).
 */
function currentRelease() {
  let stat;
  try {
    stat = lstatSync(webDist);
  } catch {
    return null;
  }
  if (stat.isSymbolicLink()) {
    try {
      return realpathSync(webDist);
    } catch {
      return null; // dangling: its release was removed by hand
    }
  }
  if (!stat.isDirectory()) return null;
  let id = `legacy-${Date.now().toString(36)}`;
  try {
    id = JSON.parse(readFileSync(join(webDist, 'builds', 'latest.json'), 'utf8')).id;
  } catch {}
  const target = existsSync(join(releasesDir, id)) ? `${id}-${Date.now().toString(36)}` : id;
  renameSync(webDist, join(releasesDir, target));
  switchDist(target);
  return join(releasesDir, target);
}

/** Hard links (a copy across file systems) of the previous build's own hashed assets. */
function carryAssets(previous, next) {
  const record = readRecord(previous);
  const names = record?.assets ?? filesUnder(join(previous, 'assets'));
  for (const name of names) {
    const from = join(previous, 'assets', name);
    const to = join(next, 'assets', name);
    if (existsSync(to) || !existsSync(from)) continue;
    mkdirSync(dirname(to), { recursive: true });
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
  }
}

/** `apps/web/dist` → `releases/<id>`, replaced in one rename(2): never missing, never half. */
function switchDist(id) {
  const next = join(webDir, `.dist-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(join('releases', id), next); // relative, so the checkout can be moved
  renameSync(next, webDist);
}

/** Pids of the instances recorded in a release; records of ended processes are removed. */
function liveInstances(release) {
  const dir = join(release, INSTANCES);
  if (!existsSync(dir)) return [];
  const live = [];
  for (const name of readdirSync(dir)) {
    const pid = Number(name.split('-')[0]);
    if (isAlive(pid)) live.push(pid);
    else rmSync(join(dir, name), { force: true });
  }
  return live;
}

/**
 * Removes the releases nobody needs: not the current or previous one, none that a live
 * instance serves (each server records itself in the release it serves), and no build in
 * progress. Disk use stays at a few builds however often the checkout is rebuilt.
 */
function pruneReleases(keep) {
  const kept = new Set(keep.map((p) => resolve(p)));
  for (const name of readdirSync(releasesDir)) {
    const path = join(releasesDir, name);
    if (name.startsWith('.building-')) {
      const pid = Number(name.split('-')[1]);
      if (!isAlive(pid)) rmSync(path, { recursive: true, force: true });
      continue;
    }
    if (kept.has(path)) {
      liveInstances(path);
      continue;
    }
    if (liveInstances(path).length > 0) continue;
    rmSync(path, { recursive: true, force: true });
  }
}
