// `npm run restore -- DIR`: build if needed, then run apps/server/src/restore.ts with the same
// environment as the server (docs/deploy.md, "Backups and a restore drill").
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

ensureInstalled();
ensureBuilt();
const child = spawn(
  process.execPath,
  [join(root, 'apps/server/dist/restore.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
child.on('exit', (code) => process.exit(code ?? 1));
