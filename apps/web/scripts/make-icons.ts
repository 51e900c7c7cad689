// Renders public/favicon.svg and the manifest's icons from the brand mark (a white heart on
// a rose square) in the brand colour of packages/shared/src/brand.ts. Run it after changing
// the mark or the colour:
//   npx tsx apps/web/scripts/make-icons.ts
// Its outputs are committed; the build does not run it. A unit test checks they agree.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { BRAND } from '../../../packages/shared/src/brand.ts';

// sharp is a dependency of the server workspace; resolve it from there.
const require = createRequire(new URL('../../server/package.json', import.meta.url));
const sharp: typeof import('sharp') = require('sharp');

const ROSE = BRAND.color;
const HEART = 'M32 50S12 38 12 24a10 10 0 0 1 20-3 10 10 0 0 1 20 3c0 14-20 26-20 26z';
const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const outDir = `${publicDir}icons/`;

/**
 * The mark on a 64-unit canvas: the rose square (rounded unless the platform cuts its own
 * shape) with the white heart, scaled about the centre.
 */
const mark = ({ radius = 0, scale = 1, title = '' }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${title && `<title>${title}</title>`}` +
  `<rect width="64" height="64"${radius ? ` rx="${radius}"` : ''} fill="${ROSE}"/>` +
  `<path d="${HEART}" fill="#fff"${scale === 1 ? '' : ` transform="translate(32 32) scale(${scale}) translate(-32 -32)"`}/></svg>`;

/** The browser tab's icon and the plain app icons: the rounded square, the heart as drawn. */
const roundedMark = () => mark({ radius: 14 });
/**
 * Maskable: the background fills the whole square and the heart sits inside the safe zone,
 * the central circle of 80 % diameter.
 */
const maskableMark = () => mark({ scale: 0.72 });
/** Apple touch icons get no transparency (iOS fills it black) and are rounded by iOS. */
const appleMark = () => mark({ scale: 0.86 });

const ICONS: [string, number, () => string][] = [
  ['icon-192.png', 192, roundedMark],
  ['icon-512.png', 512, roundedMark],
  ['icon-maskable-512.png', 512, maskableMark],
  ['apple-touch-icon.png', 180, appleMark],
];

writeFileSync(`${publicDir}favicon.svg`, `${mark({ radius: 14, title: 'Amora' })}\n`);
mkdirSync(outDir, { recursive: true });
for (const [name, size, mark] of ICONS) {
  await sharp(Buffer.from(mark()), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${outDir}${name}`);
  console.log(`${name} ${size}×${size}`);
}
