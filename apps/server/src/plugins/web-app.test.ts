import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALE_MESSAGES_MAX_AGE_SECONDS } from '@amora/shared/rules/locale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFindableMember } from '../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../test/test-app.js';

const ADMIN = 'owner@amora-web-app.example';
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Amora</title></head>' +
  '<body><div id="root"></div></body></html>';
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A web build of its own with two locales' message tables.
  webDist = mkdtempSync(join(tmpdir(), 'amora-web-'));
  for (const locale of ['en', 'de']) {
    mkdirSync(join(webDist, '_i18n', locale), { recursive: true });
    writeFileSync(join(webDist, '_i18n', locale, 'messages.json'), '{"common":{}}');
  }
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  // Stands in for the build's server rendering (apps/web/src/app/prerender/render-page.tsx),
  // which only a web build has: a page with the company's name, as the footer shows it, and
  // the names of the members a visitor's search finds, in the markup and in the page's data.
  mkdirSync(join(webDist, '.ssr'));
  writeFileSync(
    join(webDist, '.ssr', 'render-page.js'),
    `export async function renderPage({ companyInfo, calls }) {
      const { profiles } = await (await calls('/api/search.php')).json();
      const names = profiles.map((profile) => profile.name);
      return {
        html: '<main><ul>' + names.map((name) => '<li>' + name + '</li>').join('') +
          '</ul><footer>' + companyInfo.name + '</footer></main>',
        title: companyInfo.name,
        data: '<script type="application/json">' + JSON.stringify(names) + '</script>',
        startsAfterLoad: true,
      };
    }`,
  );
  t = await createTestApp({ WEB_DIST: webDist, ADMIN_EMAILS: ADMIN });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

let ownerPromise: ReturnType<typeof logInNewMember> | undefined;
/** The admin, logged in once for the whole file. */
const theOwner = () => {
  ownerPromise ??= logInNewMember(t, { email: ADMIN });
  return ownerPromise;
};

describe('settings.uncacheable_locales', () => {
  it('answers those locales’ message tables with no-cache, the others for a day', async () => {
    const visitor = new Client(t.app);
    const cacheOf = async (locale: string) => {
      const res = await visitor.call({ method: 'GET', url: `/_i18n/${locale}/messages.json?v=1` });
      expect(res.statusCode).toBe(200);
      return res.headers['cache-control'];
    };
    const aDay = `public, max-age=${LOCALE_MESSAGES_MAX_AGE_SECONDS}`;
    expect(await cacheOf('de')).toBe(aDay);
    expect((await visitor.call({ method: 'GET', url: '/api/settings.php' })).json()).toMatchObject({
      uncacheable_locales: [],
    });

    // An admin lists German in the console.
    const owner = await theOwner();
    const site = (
      await owner.client.call({ method: 'GET', url: '/api/admin/settings.php' })
    ).json();
    const saved = await owner.client.call({
      method: 'PUT',
      url: '/api/admin/settings.php',
      payload: { ...site, settings: { ...site.settings, uncacheable_locales: ['de'] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect(await cacheOf('de')).toBe('no-cache');
    expect(await cacheOf('en')).toBe(aDay);
    expect((await visitor.call({ method: 'GET', url: '/api/settings.php' })).json()).toMatchObject({
      uncacheable_locales: ['de'],
    });
  });
});

describe('a page rendered for a visitor', () => {
  it("shows names with `$`` and `$'` as written, never a copy of the document", async () => {
    // A replacement string reads `$`` as "the text before" and `$'` as "the text after".
    const member = "Jo $` and $' too";
    const company = "Amora $' $` B.V.";
    await addFindableMember(t.db, { name: member });
    const owner = await theOwner();
    const site = (
      await owner.client.call({ method: 'GET', url: '/api/admin/settings.php' })
    ).json();
    const saved = await owner.client.call({
      method: 'PUT',
      url: '/api/admin/settings.php',
      payload: { ...site, company: { ...site.company, name: company } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await new Client(t.app).call({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html).toContain(`<title>${company.replaceAll("'", '&#39;')}</title>`);
    expect(html).toContain(`<li>${member}</li>`);
    expect(html).toContain(`<footer>${company}</footer>`);
    expect(html).toContain(JSON.stringify(member));
    expect(html.endsWith('</body></html>')).toBe(true);
  });
});
