import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): every
 * function of the file is compiled while the file streams in, on a background thread,
 * instead of one by one on the main thread the first time each is called.
 */
const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks whose code nearly all runs as the app starts (the start-up chunk: React,
 * the router, the query cache, i18n) for eager compilation. Compiled lazily, a phone's main
 * thread spent longer compiling that chunk than running it, in one task a tap had to wait
 * for (decision 055). The comment must be the file's first line, so this runs after Vite
 * has written its own preamble, and moves the source map down one line.
 */
export function compileHintsPlugin(chunkNames: readonly string[]): Plugin {
  return {
    name: 'amora-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunkNames.includes(chunk.name)) continue;
          if (chunk.code.startsWith(HINT)) continue;
          chunk.code = HINT + chunk.code;
          // One line more on top: each generated line's mappings move down by one.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapAsset = bundle[`${chunk.fileName}.map`];
          if (mapAsset?.type === 'asset') {
            const map = JSON.parse(String(mapAsset.source)) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            mapAsset.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}
