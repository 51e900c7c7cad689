import type { Plugin } from 'vite';

/**
 * `builds/latest.json` and `builds/meta/<id>.json` let a running app notice a new
 * deployment (spec section 4 "Builds").
 */
export function buildInfoPlugin(buildId: string): Plugin {
  return {
    name: 'amora-build-info',
    generateBundle() {
      const info = JSON.stringify({ id: buildId, timestamp: Date.now() });
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: info });
      this.emitFile({ type: 'asset', fileName: `builds/meta/${buildId}.json`, source: info });
    },
  };
}
