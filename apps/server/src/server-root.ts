import { existsSync } from 'node:fs';

/**
 * The server's package folder (`apps/server/`). Files beside the code (the photo
 * classifier's worker, the built web app) are found from here: the nearest folder above
 * this module that holds a package.json. tsc's `dist/` is one level down, the start-up
 * bundle's chunks (scripts/bundle-server.mjs) two (`bundle/chunks/`), so no fixed depth fits.
 */
function packageFolder(from: URL): URL {
  for (let folder = new URL('./', from); ; folder = new URL('../', folder)) {
    if (existsSync(new URL('package.json', folder))) return folder;
    if (folder.pathname === '/') return new URL('../', from);
  }
}

export const SERVER_ROOT = packageFolder(new URL(import.meta.url));
