// `npm run media -- move | check`: build if needed, then copy the local photos and exports
// into the bucket, or check the configured store against the database (run it with the same
// environment as the server; docs/deploy.md, "Media storage").
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

ensureInstalled();
ensureBuilt();
const child = spawn(
  process.execPath,
  [join(root, 'apps/server/dist/media-cli.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
child.on('exit', (code) => process.exit(code ?? 1));
