import { BRAND } from '@amora/shared/brand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getManifest = () => new Client(t.app).call({ method: 'GET', url: '/manifest.webmanifest' });

describe('GET /manifest.webmanifest', () => {
  it('answers the installable app manifest as application/manifest+json', async () => {
    const res = await getManifest();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Amora',
      short_name: 'Amora',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: BRAND.color,
      background_color: BRAND.background,
      lang: 'en-US',
    });
    expect(manifest.description).toContain('Amora');
    expect(manifest.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ]);
  });

  it('is named after the stored settings, with a short name that fits under an icon', async () => {
    await t.db
      .updateTable('settings')
      .set({ value: JSON.stringify({ name: 'Liefde Vinden Online', domain_language: 'nl' }) })
      .where('key', '=', 'site')
      .execute();
    const manifest = (await getManifest()).json();
    expect(manifest.name).toBe('Liefde Vinden Online');
    expect(manifest.short_name).toBe('Liefde');
    expect(manifest.description).toContain('Liefde Vinden Online');
    expect(manifest.lang).toBe('nl-NL');
  });

  it('is not listed in the OpenAPI document', async () => {
    const res = await new Client(t.app).call({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).not.toContain('/manifest.webmanifest');
  });
});
