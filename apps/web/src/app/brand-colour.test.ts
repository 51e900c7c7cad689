import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRAND } from '@amora/shared/brand';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const web = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(web, 'dist');

/** `#rrggbb` of the pixel at (x, y). */
async function pixel(file: string, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return `#${[0, 1, 2].map((c) => data[at + c]!.toString(16).padStart(2, '0')).join('')}`;
}

describe('the brand colour', () => {
  it('is the colour of the favicon and of every app icon (scripts/make-icons.ts)', async () => {
    expect(readFileSync(join(web, 'public/favicon.svg'), 'utf8')).toContain(
      `fill="${BRAND.color}"`,
    );
    const icons = join(web, 'public/icons');
    for (const icon of readdirSync(icons)) {
      // The left edge, halfway down: inside the rose square, outside the heart.
      const { height = 0 } = await sharp(join(icons, icon)).metadata();
      expect(
        await pixel(join(icons, icon), Math.round(height * 0.08), Math.round(height / 2)),
        icon,
      ).toBe(BRAND.color);
    }
  });

  it('is the built page’s theme-color and the stylesheet’s primary colour', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${BRAND.color}"`);
    const css = readdirSync(join(dist, 'assets'))
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(join(dist, 'assets', file), 'utf8'))
      .join('\n');
    // Minified CSS: `--bs-primary:#c2255c`; only the match is printed on a failure.
    const value = (property: string) => new RegExp(`${property}:\\s*(#[0-9a-f]{6})`).exec(css)?.[1];
    expect(value('--bs-primary')).toBe(BRAND.color);
    expect(value('--bs-body-bg')).toBe(BRAND.background);
  });
});
