// `npm run erase-account`: build if needed, then erase one account (`-- <member id>`) in the configured
// database (run it with the same environment as the server).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

ensureInstalled();
ensureBuilt();
const child = spawn(
  process.execPath,
  [join(root, 'apps/server/dist/erase-account.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
child.on('exit', (code) => process.exit(code ?? 1));
