/**
 * The server's package folder (`apps/server/`). Files beside the code (the photo
 * classifier's worker, the built web app) are found from here, one folder up from this
 * module: true both for tsc's `dist/` and for the start-up bundle in `bundle/`
 * (scripts/bundle-server.mjs), which have the same depth.
 */
export const SERVER_ROOT = new URL('../', import.meta.url);
