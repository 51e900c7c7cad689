import type { Gender } from '@amora/shared/constants';
import { loadSharp } from '../../lib/sharp.js';
import { createRng, pick, randomInt } from '../seed/random.js';
import {
  type CamFeed,
  type CamProfile,
  type CamSearch,
  type CamThumbnail,
  camThumbUrl,
} from './cam-feed.js';

const PERFORMERS = 48;
/** At most this many performers per search: a few pages of tiles (one per 12 results). */
const RESULTS = 24;
const LIVE_SHARE = 0.6;
const HOUR_MS = 3_600_000;

const FEMALE_NAMES = [
  'Luna',
  'Scarlett',
  'Mila',
  'Aurora',
  'Nova',
  'Ivy',
  'Jade',
  'Stella',
  'Roxy',
  'Bella',
  'Chloe',
  'Gina',
  'Lola',
  'Nina',
  'Ruby',
  'Zoe',
] as const;
const MALE_NAMES = [
  'Marco',
  'Jay',
  'Leon',
  'Dante',
  'Felix',
  'Nico',
  'Ryan',
  'Theo',
  'Axel',
  'Milo',
] as const;
const SUFFIXES = ['Rose', 'Sky', 'Belle', 'Star', 'Blue', 'Fox', 'Moon', 'Heart'] as const;

interface Performer {
  account: string;
  name: string;
  age: number;
  gender: Gender;
}

/** The same fictional performers on every start and every instance (seeded, no I/O). */
function makePerformers(): Performer[] {
  const rnd = createRng('demo-cam-feed');
  const performers: Performer[] = [];
  for (let i = 1; i <= PERFORMERS; i++) {
    const gender: Gender = rnd() < 0.7 ? 'female' : 'male';
    const first = pick(rnd, gender === 'female' ? FEMALE_NAMES : MALE_NAMES);
    const name = `${first} ${pick(rnd, SUFFIXES)}`;
    const account = `demo_${first.toLowerCase()}${String(i).padStart(2, '0')}`;
    performers.push({ account, name, age: randomInt(rnd, 19, 58), gender });
  }
  return performers;
}

/**
 * Built-in, offline webcam feed of fictional performers: the tiles work out of the box and
 * in tests, and nothing leaves the machine. Who is live changes every hour, the same way on
 * every instance. Thumbnails are illustrated portraits from the demo members' generator,
 * rendered on first request and kept (a few dozen small WebP files).
 */
export class DemoCamFeed implements CamFeed {
  private readonly performers = makePerformers();
  private readonly byAccount = new Map(this.performers.map((p) => [p.account, p]));
  private readonly thumbs = new Map<string, Promise<Buffer>>();

  constructor(private readonly now: () => number = Date.now) {}

  async search({ gender, min_age, max_age }: CamSearch): Promise<CamProfile[]> {
    const matches = this.performers
      .filter(
        (p) =>
          (gender === undefined || p.gender === gender) &&
          (min_age === undefined || p.age >= min_age) &&
          (max_age === undefined || p.age <= max_age),
      )
      .map((p) => this.toProfile(p));
    // Live performers first, then in the feed's own order.
    matches.sort((a, b) => Number(b.live) - Number(a.live));
    return matches.slice(0, RESULTS);
  }

  async find(account: string): Promise<CamProfile | null> {
    const performer = this.byAccount.get(account);
    return performer ? this.toProfile(performer) : null;
  }

  async thumbnail(account: string): Promise<CamThumbnail | null> {
    const performer = this.byAccount.get(account);
    if (!performer) return null;
    let body = this.thumbs.get(account);
    if (!body) {
      body = renderThumb(performer);
      this.thumbs.set(account, body);
      // A failed render is tried again next time rather than kept.
      body.catch(() => this.thumbs.delete(account));
    }
    return { body: await body, contentType: 'image/webp' };
  }

  private toProfile(p: Performer): CamProfile {
    const hour = Math.floor(this.now() / HOUR_MS);
    const live = createRng(`${p.account}:${hour}`)() < LIVE_SHARE;
    return { ...p, thumb_url: camThumbUrl(p.account), live };
  }
}

async function renderThumb(p: Performer): Promise<Buffer> {
  // The portrait generator loads with the first thumbnail, not with every start.
  const { PORTRAIT_THUMB, portraitSvg } = await import('../seed/portrait.js');
  const svg = Buffer.from(portraitSvg(`cam:${p.account}`, p.gender, { age: p.age }));
  // The portrait's canvas is 400 units wide: one pixel per unit at 72 dpi.
  const density = (72 * PORTRAIT_THUMB.width) / 400;
  const sharp = await loadSharp();
  return sharp(svg, { density })
    .resize(PORTRAIT_THUMB.width, PORTRAIT_THUMB.height, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}
