import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A web build of its own with its meta file.
  webDist = mkdtempSync(join(tmpdir(), 'amora-web-'));
  mkdirSync(join(webDist, 'builds', 'meta'), { recursive: true });
  writeFileSync(join(webDist, 'builds', 'meta', 'b1.json'), '{"id":"b1","timestamp":1}');
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Amora</title>');
  t = await createTestApp({
    WEB_DIST: webDist,
    ROUTE_REDIRECTS:
      '/landers/video/old=/landers/video/new,/promo=https://partner.example/x,/old-faq=/pages/faq#pay',
  });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') =>
  new Client(t.app).call({ method, url });

describe('ROUTE_REDIRECTS', () => {
  it('answers a source with 302: an internal target keeps the query, an external one never gets it', async () => {
    const internal = await get('/landers/video/old?utm_source=adnet&n=1');
    expect(internal.statusCode).toBe(302);
    expect(internal.headers.location).toBe('/landers/video/new?utm_source=adnet&n=1');
    const external = await get('/promo?utm_source=adnet');
    expect(external.statusCode).toBe(302);
    expect(external.headers.location).toBe('https://partner.example/x');
    expect((await get('/promo', 'HEAD')).statusCode).toBe(302);
    // The query goes before the target's fragment, where the browser still sends it.
    expect((await get('/old-faq?ref=x')).headers.location).toBe('/pages/faq?ref=x#pay');
  });

  it('is for exact paths only', async () => {
    expect((await get('/landers/video/old/more')).statusCode).not.toBe(302);
    expect((await get('/promo/')).statusCode).not.toBe(302);
  });

  it('gives the app the redirects with the build’s meta file', async () => {
    const res = await get('/builds/meta/b1.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      id: 'b1',
      timestamp: 1,
      redirects: {
        '/landers/video/old': '/landers/video/new',
        '/promo': 'https://partner.example/x',
        '/old-faq': '/pages/faq#pay',
      },
    });
    expect((await get('/builds/meta/nope.json')).statusCode).toBe(404);
    expect((await get('/builds/meta/..%2F..%2Fpackage.json')).statusCode).toBe(404);
  });
});
