// The server as `npm start` runs it: tsc's `apps/server/dist` (with `packages/shared/dist`)
// bundled by esbuild into `apps/server/bundle/`, so that node loads a few files instead of
// about 300 ES modules on every start (issue 24). Packages stay in node_modules (native
// modules, WebAssembly and data files are found beside their own code); the code loaded
// only on a first start (the demo seeder) stays in chunks of its own, so a warm start does
// not load faker. Run by scripts/prepare.mjs after tsc; tsc's output stays what the tests,
// the benchmarks and docs/deploy.md run.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Plain JavaScript packages of many small modules, which node would resolve and load file by
 * file on every start (kysely alone took 0.16 s): bundled. zod's type provider goes with zod,
 * so both see one zod.
 */
const BUNDLED = /^(kysely|zod|fastify-type-provider-zod)(\/|$)/;

/** Every package stays external but our own shared code and BUNDLED, bundled like the server's. */
const packagesButOurs = {
  name: 'packages-but-ours',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@amora/') || BUNDLED.test(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
await build({
  entryPoints: [join(serverDir, 'dist', 'server.js')],
  outdir: join(serverDir, 'bundle'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [packagesButOurs],
  // Chunk names carry their content's hash: a build never changes a chunk that a running
  // instance may still load (docs/decisions/022).
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
