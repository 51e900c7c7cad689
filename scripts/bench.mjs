// `npm run bench`: speed targets live here, never in timed tests.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

ensureInstalled();
ensureBuilt();
for (const file of readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  console.log(`\n# ${file}`);
  await import(join(root, 'bench', file));
}
