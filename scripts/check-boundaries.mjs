#!/usr/bin/env node
// Import boundaries that Biome cannot enforce (docs/decisions/001). Biome's
// noRestrictedImports matches specifiers, so `../../chats/api/get-chats` from
// features/likes slipped through; this script resolves every import of apps/web/src,
// apps/server/src and packages/shared/src to a path and checks the layers on that path.
// Usage: node scripts/check-boundaries.mjs [root]   (default: this repository)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/shared/src'];
const CODE = /\.[cm]?[jt]sx?$/;
/** Package names of the workspace, mapped to the folder their imports land in. */
const PACKAGES = [
  ['@amora/shared/', 'packages/shared/src/'],
  ['@amora/web', 'apps/web'],
  ['@amora/server', 'apps/server'],
];

/** The repository-relative path a specifier points at, or null for an outside package. */
export function resolveSpecifier(from, spec) {
  if (spec.startsWith('.')) return path.posix.join(path.posix.dirname(from), spec);
  if (spec.startsWith('@/') && from.startsWith('apps/web/')) return `apps/web/src/${spec.slice(2)}`;
  for (const [name, dir] of PACKAGES)
    if (spec.startsWith(name)) return dir + spec.slice(name.length);
  return null;
}

/** Splits `apps/web/src/features/likes/x.ts` into ['web', 'features', 'likes', …]. */
function parts(file) {
  for (const [app, src] of [
    ['web', 'apps/web/src/'],
    ['server', 'apps/server/src/'],
  ]) {
    if (file.startsWith(src)) return [app, ...file.slice(src.length).split('/')];
    if (file.startsWith(`apps/${app}/`)) return [app];
  }
  return file.startsWith('packages/shared/') ? ['shared'] : ['other'];
}

/**
 * The server's modules, lowest first: a module imports only modules before it here, so the
 * modules stack one way and no two import each other (CONVENTIONS 12, docs/architecture.md).
 * Shared lookups sit low in `members`; staff-facing services live in `staff`, the job loop
 * and the registration of every job kind in `jobs`, at the top.
 */
export const MODULE_ORDER = [
  'live',
  'tokens',
  'media',
  'geo',
  'limits',
  'site',
  'members',
  'credits',
  'images',
  'mail',
  'auth',
  'notifications',
  'chats',
  'likes',
  'safety',
  'push',
  'search',
  'account',
  'signup',
  'service',
  'privacy',
  'payments',
  'retention',
  'seed',
  'cams',
  'demo',
  'staff',
  'verification',
  'private-media',
  'jobs',
  'backup',
];

const WEB_SHARED = new Set(['components', 'lib', 'config']);
const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

/** The two module folders an import crosses, or null; a test stands outside the stack. */
function moduleCrossing(from, to) {
  const [fromApp, fromLayer, fromModule] = parts(from);
  const [toApp, toLayer, toModule] = parts(to);
  if (fromApp !== 'server' || toApp !== 'server' || isTest(from)) return null;
  if (fromLayer !== 'modules' || toLayer !== 'modules' || fromModule === toModule) return null;
  return [fromModule, toModule];
}
const SERVER_HTTP = new Set(['routes', 'plugins']);
const SERVER_BASE = new Set(['lib', 'db', 'config']);

/** The broken rule as `[name, explanation]`, or null when `from` may import `to`. */
export function brokenRule(from, to) {
  const [fromApp, fromLayer, fromFeature] = parts(from);
  const [toApp, toLayer, toFeature] = parts(to);
  if (fromApp === 'shared' && (toApp === 'web' || toApp === 'server'))
    return ['shared-is-leaf', 'packages/shared imports nothing from apps/'];
  if ((fromApp === 'web' && toApp === 'server') || (fromApp === 'server' && toApp === 'web'))
    return ['apps-apart', 'the web app and the server share code only through packages/shared'];
  if (fromApp === 'web' && toApp === 'web') {
    if (fromLayer === 'features' && toLayer === 'features' && fromFeature !== toFeature)
      return [
        'features-apart',
        `features do not import each other (${fromFeature} → ${toFeature}): compose them in app/`,
      ];
    if ((fromLayer === 'features' || WEB_SHARED.has(fromLayer)) && toLayer === 'app')
      return ['app-on-top', `${fromLayer}/ does not import app/: app/ composes the rest`];
    if (WEB_SHARED.has(fromLayer) && toLayer === 'features')
      return ['shared-ui-below-features', `${fromLayer}/ does not import features/`];
  }
  if (fromApp === 'server' && toApp === 'server') {
    if ((fromLayer === 'modules' || SERVER_BASE.has(fromLayer)) && SERVER_HTTP.has(toLayer))
      return ['http-on-top', `${fromLayer}/ does not import ${toLayer}/: HTTP sits on the modules`];
    if (SERVER_BASE.has(fromLayer) && toLayer === 'modules')
      return ['base-below-modules', `${fromLayer}/ does not import modules/`];
    const crossing = moduleCrossing(from, to);
    if (crossing) {
      const [lower, higher] = crossing.map((m) => MODULE_ORDER.indexOf(m));
      const unknown = crossing.find((m) => !MODULE_ORDER.includes(m));
      if (unknown)
        return [
          'module-order',
          `modules/${unknown} has no place in MODULE_ORDER (scripts/check-boundaries.mjs)`,
        ];
      if (higher > lower)
        return [
          'module-order',
          `modules/${crossing[0]} sits below modules/${crossing[1]} in MODULE_ORDER: a module imports only those below it`,
        ];
    }
    // A test beside a repository is not a repository: it may arrange data through a service.
    if (/\.repository\.[cm]?[jt]sx?$/.test(from) && /\.service(\.[cm]?[jt]sx?)?$/.test(to))
      return ['repository-below-service', 'a repository does not import a service'];
  }
  return null;
}

/** Every violation under `root`, as printable lines. */
export function checkBoundaries(root) {
  const problems = [];
  /** `from→to` module pairs, each with the first import that makes it. */
  const crossings = new Map();
  for (const dir of SOURCES) {
    let names;
    try {
      names = readdirSync(path.join(root, dir), { recursive: true });
    } catch {
      continue; // a planted tree need not hold every folder
    }
    for (const name of names) {
      const file = path.posix.join(dir, name.split(path.sep).join('/'));
      if (!CODE.test(file) || file.includes('/node_modules/')) continue;
      const text = readFileSync(path.join(root, file), 'utf8');
      // preProcessFile finds import/export-from/import()/require specifiers, not comments.
      for (const { fileName: spec, pos } of ts.preProcessFile(text, true, true).importedFiles) {
        const target = resolveSpecifier(file, spec);
        const crossing = target && moduleCrossing(file, target);
        const line = () => text.slice(0, pos).split('\n').length;
        if (crossing && !crossings.has(crossing.join('→')))
          crossings.set(crossing.join('→'), `${file}:${line()} imports '${spec}'`);
        const broken = target && brokenRule(file, target);
        if (!broken) continue;
        problems.push(`${file}:${line()} imports '${spec}': ${broken[1]} [${broken[0]}]`);
      }
    }
  }
  // Two folders importing each other knot the stack even when no file cycle does.
  for (const [pair, where] of crossings) {
    const [a, b] = pair.split('→');
    if (a < b && crossings.has(`${b}→${a}`))
      problems.push(
        `${where}: modules/${a} and modules/${b} import each other (${crossings.get(`${b}→${a}`)}) [module-loop]`,
      );
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  const problems = checkBoundaries(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} import boundary violation(s); see docs/decisions/001.`);
    process.exit(1);
  }
  console.log('Import boundaries: ok.');
}
