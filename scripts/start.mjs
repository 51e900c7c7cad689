// `npm start`: install what is missing, build what changed, then serve (migrations and
// seeding happen in the server on start-up).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

ensureInstalled();
ensureBuilt();

// The bundled server (scripts/bundle-server.mjs): the same code as dist/server.js, loaded faster.
const server = spawn(process.execPath, [join(root, 'apps/server/bundle/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
