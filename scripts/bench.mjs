// `npm run bench`: speed targets live here, never in timed tests. `npm run bench -- search`
// runs only the files whose name holds one of the words given.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

const only = process.argv.slice(2);
ensureInstalled();
ensureBuilt();
for (const file of readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => only.length === 0 || only.some((word) => f.includes(word)))
  .sort()) {
  console.log(`\n# ${file}`);
  await import(join(root, 'bench', file));
}
