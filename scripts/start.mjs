// `npm start`: install what is missing, build what changed, then serve (migrations and
// seeding happen in the server on start-up).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

ensureInstalled();
ensureBuilt();

// The bundled server (scripts/bundle-server.mjs): the same code as dist/server.js, loaded
// faster. In this process, not a second one: a warm start saves starting node again
// (issue 24); the server handles its signals and exit itself.
await import(pathToFileURL(join(root, 'apps/server/bundle/server.js')).href);
