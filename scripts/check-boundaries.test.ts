import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from './check-boundaries.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const script = fileURLToPath(new URL('./check-boundaries.mjs', import.meta.url));
const roots: string[] = [];

/** Writes `files` (path → text) into a fresh temporary directory and returns it. */
function plant(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'amora-boundaries-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const web = 'apps/web/src';
const server = 'apps/server/src';
const clean = {
  [`${web}/main.tsx`]: "import { App } from './app/providers';\n",
  [`${web}/app/providers.tsx`]: "import { LikesList } from '@/features/likes/components/list';\n",
  [`${web}/features/likes/components/list.tsx`]:
    "import { getLikes } from '../api/get-likes';\nimport { api } from '@/lib/api-client';\n",
  [`${web}/features/likes/api/get-likes.ts`]:
    "import type { Like } from '@amora/shared/schemas/likes';\n// from '../../chats/api/get-chats' in a comment is no import\n",
  [`${web}/lib/api-client.ts`]: "import { config } from '../config/app-config';\n",
  [`${server}/routes/api/likes.ts`]:
    "import { like } from '../../modules/likes/like.service.js';\n",
  [`${server}/modules/likes/like.service.ts`]:
    "import { insertLike } from './like.repository.js';\nimport { AppError } from '../../lib/errors.js';\n",
  [`${server}/modules/likes/like.repository.ts`]:
    "import type { Db } from '../../db/database.js';\n",
  [`${server}/modules/likes/like.repository.test.ts`]:
    "import { like } from './like.service.js';\n",
  'packages/shared/src/schemas/likes.ts': "import { z } from 'zod';\n",
};

describe('check-boundaries', () => {
  it('passes on a clean planted tree', () => {
    expect(checkBoundaries(plant(clean))).toEqual([]);
  });

  it('passes on the repository', () => {
    expect(checkBoundaries(repo)).toEqual([]);
  });

  it.each([
    [
      'a cross-feature import by alias',
      `${web}/features/likes/api/x.ts`,
      "import { getChats } from '@/features/chats/api/get-chats';",
      'features-apart',
    ],
    [
      'a cross-feature import by relative path',
      `${web}/features/likes/api/x.ts`,
      "export { getChats } from '../../chats/api/get-chats';",
      'features-apart',
    ],
    [
      'a dynamic cross-feature import',
      `${web}/features/likes/api/x.ts`,
      "const chats = () => import('../../chats/api/get-chats');",
      'features-apart',
    ],
    [
      'a feature importing app/',
      `${web}/features/likes/x.tsx`,
      "import '@/app/router';",
      'app-on-top',
    ],
    [
      'lib importing a feature',
      `${web}/lib/x.ts`,
      "import { a } from '../features/likes/api/get-likes';",
      'shared-ui-below-features',
    ],
    [
      'a module importing a route',
      `${server}/modules/likes/x.ts`,
      "import { likeRoutes } from '../../routes/api/likes.js';",
      'http-on-top',
    ],
    [
      'a module test importing a plugin',
      `${server}/modules/likes/x.test.ts`,
      "import { session } from '../../plugins/session.js';",
      'http-on-top',
    ],
    [
      'a lower module importing a higher one',
      `${server}/modules/likes/x.ts`,
      "import { startAppJobWorker } from '../jobs/job-kinds.js';",
      'module-order',
    ],
    [
      'a module folder missing from the order',
      `${server}/modules/likes/x.ts`,
      "import { y } from '../gifts/gift.service.js';",
      'module-order',
    ],
    [
      'db importing a module',
      `${server}/db/x.ts`,
      "import type { Like } from '../modules/likes/like.service.js';",
      'base-below-modules',
    ],
    [
      'a repository importing a service',
      `${server}/modules/likes/like.repository.ts`,
      "import { like } from './like.service.js';",
      'repository-below-service',
    ],
    [
      'shared importing an app',
      'packages/shared/src/rules/x.ts',
      "import { x } from '../../../../apps/server/src/lib/errors.js';",
      'shared-is-leaf',
    ],
    [
      'the server importing the web app by package name',
      `${server}/lib/x.ts`,
      "import { x } from '@amora/web/src/lib/money';",
      'apps-apart',
    ],
  ])('fails on %s', (_name, file, text, rule) => {
    const problems = checkBoundaries(plant({ ...clean, [file]: `\n${text}\n` }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${file}:2 imports '.+': .+ \\[${rule}\\]$`));
  });

  it('fails on two module folders that import each other without a file cycle', () => {
    const problems = checkBoundaries(
      plant({
        ...clean,
        [`${server}/modules/members/member.repository.ts`]:
          "import type { Db } from '../../db/database.js';\n",
        [`${server}/modules/members/liked.ts`]:
          "import { insertLike } from '../likes/like.repository.js';\n",
        [`${server}/modules/likes/like.service.ts`]:
          "import { insertLike } from './like.repository.js';\nimport { x } from '../members/member.repository.js';\n",
      }),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /modules\/likes and modules\/members import each other .+ \[module-loop\]$/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^apps\/server\/src\/modules\/members\/liked\.ts:1 imports .+ modules\/members sits below modules\/likes .+ \[module-order\]$/,
      ),
    );
  });

  it('lets a test beside a module arrange its data through a higher one', () => {
    const file = `${server}/modules/likes/like.service.test.ts`;
    const problems = checkBoundaries(
      plant({ ...clean, [file]: "import { t } from '../jobs/job-kinds.js';\n" }),
    );
    expect(problems).toEqual([]);
  });

  it('exits non-zero from the command line on a violation', () => {
    const root = plant({ ...clean, [`${web}/features/likes/x.ts`]: "import '../chats/y';\n" });
    const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${web}/features/likes/x.ts:1 imports '../chats/y'`);
    // (The clean tree's exit 0 is `npm run lint` itself, on every run of it.)
  });
});

describe("the repository's Biome config", () => {
  it('reports a two-file import cycle, through the @/ alias too', () => {
    const root = plant({
      // Biome reads the alias from the tsconfig.json beside a package.json.
      'apps/web/package.json': '{ "name": "web", "type": "module" }\n',
      'apps/web/tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }\n',
      [`${web}/lib/a.tsx`]: "import { b } from '@/lib/b';\n\nexport const a = (): unknown => b;\n",
      [`${web}/lib/b.tsx`]: "import { a } from '@/lib/a';\n\nexport const b = (): unknown => a;\n",
      [`${server}/lib/x.ts`]: "import { y } from './y.js';\n\nexport const x = (): unknown => y;\n",
      [`${server}/lib/y.ts`]: "import { x } from './x.js';\n\nexport const y = (): unknown => x;\n",
    });
    copyFileSync(path.join(repo, 'biome.json'), path.join(root, 'biome.json'));
    const biome = path.join(repo, 'node_modules/.bin/biome');
    const run = spawnSync(biome, ['lint', '--vcs-enabled=false', '--max-diagnostics=50', '.'], {
      cwd: root,
      encoding: 'utf8',
    });
    const output = run.stdout + run.stderr;
    expect(run.status).not.toBe(0);
    for (const file of ['lib/a.tsx', 'lib/b.tsx', 'lib/x.ts', 'lib/y.ts']) {
      expect(output).toMatch(new RegExp(`${file}:1:\\d+ lint/suspicious/noImportCycles`));
    }
  });
});
