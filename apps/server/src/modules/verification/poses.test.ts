import { readFileSync } from 'node:fs';
import { LOCALES } from '@amora/shared/constants';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { POSE_TEXTS, POSES, poseDataUrl, poseSvg } from './poses.js';

const instructions = (locale: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../web/src/locales/${locale}/verification.json`, import.meta.url),
      'utf8',
    ),
  ).poses as Record<string, unknown>;

describe('poses', () => {
  it('are at least eight, each with its own id', () => {
    expect(POSES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(POSES).size).toBe(POSES.length);
  });

  it('each have a small square drawing that renders, with nothing it could run or fetch', async () => {
    const pictures = new Set<string>();
    for (const id of POSES) {
      const svg = await poseSvg(id);
      expect(Buffer.byteLength(svg), id).toBeLessThan(3 * 1024);
      expect(svg, id).toMatch(/viewBox="0 0 (\d+) \1"/);
      expect(svg, id).not.toMatch(/<script|\bon\w+=|href=|url\(/i);
      const { data, info } = await sharp(Buffer.from(svg))
        .resize(120, 120)
        .flatten({ background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], id).toEqual([120, 120]);
      // Drawn: a good share of the pixels are ink or skin, not the background.
      let drawn = 0;
      for (let i = 0; i < data.length; i += 3)
        if (data[i]! + data[i + 1]! + data[i + 2]! < 740) drawn++;
      expect(drawn / (120 * 120), id).toBeGreaterThan(0.05);
      pictures.add(data.toString('base64'));
    }
    expect(pictures.size).toBe(POSES.length);
  });

  it('each have an instruction in every language', () => {
    for (const locale of LOCALES) {
      const texts = instructions(locale);
      expect(Object.keys(texts).sort(), locale).toEqual([...POSES].sort());
      for (const id of POSES) expect(String(texts[id]).trim(), `${locale}: ${id}`).not.toBe('');
    }
  });

  it("give the API the web app's English instruction", () => {
    expect(POSE_TEXTS).toEqual(instructions('en'));
  });

  it('give their drawing as a data address an image element can show', async () => {
    const url = await poseDataUrl('thumb_up');
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.split(',')[1]!, 'base64').toString()).toBe(await poseSvg('thumb_up'));
  });
});
