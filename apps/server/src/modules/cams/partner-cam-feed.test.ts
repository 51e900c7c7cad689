import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CamFeedStandIn,
  standInPerformer,
  startCamFeedStandIn,
} from '../../test/stand-ins/cam-feed-stand-in.js';
import { CamFeedError, PartnerCamFeed } from './partner-cam-feed.js';

/** How the server reads a webcam partner's feed: timeouts, the format, and its cache. */

let partner: CamFeedStandIn;
beforeAll(async () => {
  partner = await startCamFeedStandIn();
});
afterAll(() => partner?.close());
beforeEach(() => {
  partner.performers = [standInPerformer('anna_rose'), standInPerformer('bo_star')];
  partner.answer = null;
  partner.delayMs = 0;
  partner.requests.length = 0;
});

const MINUTE = 60_000;
const feedRequests = () => partner.requests.filter((p) => p.startsWith('/feed.json')).length;
const accounts = async (feed: PartnerCamFeed) => (await feed.search({})).map((c) => c.account);

/** A feed whose clock the test moves. */
function feedAt(start = 1_000_000) {
  const clock = { now: start };
  const feed = new PartnerCamFeed({ url: partner.url, now: () => clock.now, timeoutMs: 2000 });
  return { feed, clock };
}

describe('the partner feed', () => {
  it('gives up on a partner that does not answer within the timeout', async () => {
    partner.delayMs = 1500;
    const feed = new PartnerCamFeed({ url: partner.url, timeoutMs: 150 });
    const started = Date.now();
    const failure = await feed.search({}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CamFeedError);
    expect(Date.now() - started).toBeLessThan(1000);
    // The message is fit for the log: no URL, no key.
    expect((failure as Error).message).not.toMatch(/127\.0\.0\.1|partner-secret/);
  });

  it('refuses what is not a feed: an error status, no JSON, no performers list', async () => {
    for (const answer of [
      { status: 503, contentType: 'application/json', body: '{"performers":[]}' },
      { status: 200, contentType: 'text/html', body: '<html>login</html>' },
      { status: 200, contentType: 'application/json', body: '{"performers":' },
      { status: 200, contentType: 'application/json', body: '{"items":[]}' },
    ]) {
      partner.answer = answer;
      const feed = new PartnerCamFeed({ url: partner.url });
      await expect(feed.search({}), answer.body).rejects.toBeInstanceOf(CamFeedError);
    }
  });

  it('leaves out entries that do not fit, and counts them', async () => {
    partner.performers = [
      standInPerformer('anna_rose'),
      standInPerformer('anna_rose', { name: 'Twice' }),
      standInPerformer('bad account!'),
      standInPerformer('off_site', { thumbnail: 'https://cdn.elsewhere.example/off_site.jpg' }),
      standInPerformer('js_thumb', { thumbnail: 'javascript:alert(1)' }),
      standInPerformer('bo_star', { thumbnail: `${partner.origin}/thumbs/bo_star.jpg` }),
    ];
    let skipped = 0;
    const feed = new PartnerCamFeed({ url: partner.url, onSkipped: (n) => (skipped += n) });
    expect(await accounts(feed)).toEqual(['anna_rose', 'bo_star']);
    expect((await feed.find('anna_rose'))?.name).toBe('Anna');
    expect(skipped).toBe(4);
  });

  it('asks at most once per five minutes; callers meanwhile share the one request', async () => {
    const { feed, clock } = feedAt();
    await Promise.all([accounts(feed), accounts(feed), feed.find('bo_star')]);
    expect(feedRequests()).toBe(1);
    clock.now += 4 * MINUTE;
    await accounts(feed);
    expect(feedRequests()).toBe(1);
    partner.performers = [standInPerformer('cleo_sky')];
    clock.now += 2 * MINUTE;
    // The refresh runs behind the list already held; the next caller gets the new one.
    expect(await accounts(feed)).toEqual(['anna_rose', 'bo_star']);
    await expect.poll(() => accounts(feed)).toEqual(['cleo_sky']);
    expect(feedRequests()).toBe(2);
  });

  it('shows the last good list while the partner fails, for half an hour, asking once a minute', async () => {
    const { feed, clock } = feedAt();
    expect(await accounts(feed)).toEqual(['anna_rose', 'bo_star']);
    partner.answer = { status: 500, contentType: 'text/plain', body: 'down' };
    clock.now += 6 * MINUTE;
    expect(await accounts(feed)).toEqual(['anna_rose', 'bo_star']);
    await expect.poll(feedRequests).toBe(2);
    // Within the minute after a failure the partner is left alone.
    clock.now += 30_000;
    expect(await accounts(feed)).toEqual(['anna_rose', 'bo_star']);
    expect(feedRequests()).toBe(2);
    clock.now += 20 * MINUTE;
    expect(await accounts(feed)).toEqual(['anna_rose', 'bo_star']);
    await expect.poll(feedRequests).toBe(3);
    // Past half an hour a list that old is not shown any more.
    clock.now += 5 * MINUTE;
    await expect(feed.search({})).rejects.toBeInstanceOf(CamFeedError);
  });

  it("fetches only thumbnails on the feed's origin, re-encoded as WebP", async () => {
    const feed = new PartnerCamFeed({ url: partner.url });
    const thumb = await feed.thumbnail('anna_rose');
    expect(thumb?.contentType).toBe('image/webp');
    expect(thumb?.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await feed.thumbnail('nobody')).toBeNull();
    expect(partner.requests.filter((p) => p.startsWith('/thumbs/'))).toEqual([
      '/thumbs/anna_rose.jpg',
    ]);
  });
});
