import {
  type CamFeedPerformer,
  camFeedPerformerSchema,
  camFeedSchema,
} from '@amora/shared/schemas/partner-tiles';
import { loadSharp } from '../../lib/sharp.js';
import {
  type CamFeed,
  type CamProfile,
  type CamSearch,
  type CamThumbnail,
  camThumbUrl,
} from './cam-feed.js';

/** At most this many performers per search: a few pages of tiles (one per 12 results). */
const RESULTS = 24;
/** Performers read from one feed document; the rest are ignored. */
const MAX_PERFORMERS = 1000;
const MAX_FEED_BYTES = 2 * 1024 * 1024;
const MAX_THUMB_BYTES = 2 * 1024 * 1024;
const THUMB = { width: 320, height: 400 } as const;
const THUMB_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const MINUTE = 60_000;

export interface PartnerCamFeedOptions {
  /** `CAM_FEED_URL`: may hold the partner's key, so it is never logged. */
  url: string;
  /** Each request to the partner (the feed, a thumbnail) gives up after this long. */
  timeoutMs?: number;
  /** A list younger than this is served without asking the partner again. */
  freshMs?: number;
  /** While the partner fails, the last good list is served until it is this old. */
  staleMs?: number;
  /** After a failure, the partner is not asked again for this long. */
  retryMs?: number;
  /** Thumbnails are kept this long (and at most `maxThumbs` of them). */
  thumbMs?: number;
  maxThumbs?: number;
  /** Called with how many entries a feed document had that did not fit the format. */
  onSkipped?: (count: number) => void;
  now?: () => number;
}

/** The partner answered something other than a feed: the message names no URL. */
export class CamFeedError extends Error {}

interface Snapshot {
  performers: CamFeedPerformer[];
  byAccount: Map<string, CamFeedPerformer>;
  fetchedAt: number;
}

/**
 * A webcam partner's JSON feed (docs/cam-feed.md), read by the server only: one request for
 * the list at most every `freshMs` per instance (callers arriving meanwhile share it), and the
 * thumbnails from the feed's own origin, re-encoded and served from ours, so a visitor's
 * browser never talks to the partner before the member clicks a tile.
 */
export class PartnerCamFeed implements CamFeed {
  private readonly origin: string;
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  private failedAt = Number.NEGATIVE_INFINITY;
  private lastError: unknown = null;
  private readonly thumbs = new Map<string, { body: Promise<Buffer>; at: number }>();
  private readonly o: Required<Omit<PartnerCamFeedOptions, 'onSkipped'>> &
    Pick<PartnerCamFeedOptions, 'onSkipped'>;

  constructor(options: PartnerCamFeedOptions) {
    this.o = {
      timeoutMs: 5000,
      freshMs: 5 * MINUTE,
      staleMs: 30 * MINUTE,
      retryMs: MINUTE,
      thumbMs: 60 * MINUTE,
      maxThumbs: 500,
      now: Date.now,
      ...options,
    };
    this.origin = new URL(options.url).origin;
  }

  async search({ gender, min_age, max_age }: CamSearch): Promise<CamProfile[]> {
    const { performers } = await this.current();
    const matches = performers
      .filter(
        (p) =>
          (gender === undefined || p.gender === gender) &&
          (min_age === undefined || p.age >= min_age) &&
          (max_age === undefined || p.age <= max_age),
      )
      .map(toProfile);
    // Live performers first, then in the feed's own order.
    matches.sort((a, b) => Number(b.live) - Number(a.live));
    return matches.slice(0, RESULTS);
  }

  async find(account: string): Promise<CamProfile | null> {
    const performer = (await this.current()).byAccount.get(account);
    return performer ? toProfile(performer) : null;
  }

  async thumbnail(account: string): Promise<CamThumbnail | null> {
    const performer = (await this.current()).byAccount.get(account);
    if (!performer) return null;
    const now = this.o.now();
    // Keyed by the image's URL too: a new picture in the feed is fetched anew.
    const key = `${account}\n${performer.thumbnail}`;
    let entry = this.thumbs.get(key);
    if (!entry || now - entry.at >= this.o.thumbMs) {
      if (this.thumbs.size >= this.o.maxThumbs) this.dropOldThumbs(now);
      entry = { body: this.fetchThumb(performer.thumbnail), at: now };
      this.thumbs.set(key, entry);
      const kept = entry;
      kept.body.catch(() => {
        if (this.thumbs.get(key) === kept) this.thumbs.delete(key);
      });
    }
    return { body: await entry.body, contentType: 'image/webp' };
  }

  /** The list to serve: fresh, or the last good one while a refresh runs or the partner fails. */
  private async current(): Promise<Snapshot> {
    const now = this.o.now();
    const held = this.snapshot;
    if (held && now - held.fetchedAt < this.o.freshMs) return held;
    const usable = held && now - held.fetchedAt < this.o.staleMs ? held : null;
    if (now - this.failedAt < this.o.retryMs) {
      if (usable) return usable;
      throw this.lastError;
    }
    if (!this.loading) {
      const loading = this.fetchFeed().then(
        (snapshot) => {
          this.snapshot = snapshot;
          this.failedAt = Number.NEGATIVE_INFINITY;
          return snapshot;
        },
        (error: unknown) => {
          this.failedAt = this.o.now();
          this.lastError = error;
          throw error;
        },
      );
      this.loading = loading;
      void loading
        .catch(() => {})
        .finally(() => {
          if (this.loading === loading) this.loading = null;
        });
    }
    // Nobody waits on the partner while an older list can still be shown.
    if (usable) return usable;
    return this.loading;
  }

  private async fetchFeed(): Promise<Snapshot> {
    const response = await this.get(this.o.url, 'application/json');
    if (!response.ok) throw new CamFeedError(`the webcam feed answered ${response.status}`);
    const type = response.headers.get('content-type') ?? '';
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
      throw new CamFeedError(`the webcam feed is not JSON (${type.slice(0, 60) || 'no type'})`);
    }
    let document: unknown;
    try {
      document = JSON.parse((await readCapped(response, MAX_FEED_BYTES)).toString('utf8'));
    } catch (error) {
      if (error instanceof CamFeedError) throw error;
      throw new CamFeedError('the webcam feed is not valid JSON');
    }
    const parsed = camFeedSchema.safeParse(document);
    if (!parsed.success) throw new CamFeedError('the webcam feed has no performers list');
    const performers: CamFeedPerformer[] = [];
    const byAccount = new Map<string, CamFeedPerformer>();
    let skipped = 0;
    for (const entry of parsed.data.performers.slice(0, MAX_PERFORMERS)) {
      const item = camFeedPerformerSchema.safeParse(entry);
      const thumbnail = item.success ? this.onOurPartner(item.data.thumbnail) : null;
      if (!item.success || thumbnail === null || byAccount.has(item.data.account)) {
        skipped++;
        continue;
      }
      const performer = { ...item.data, thumbnail };
      performers.push(performer);
      byAccount.set(performer.account, performer);
    }
    if (skipped > 0) this.o.onSkipped?.(skipped);
    return { performers, byAccount, fetchedAt: this.o.now() };
  }

  /**
   * The thumbnail's absolute URL when it lies on the feed's own origin, else null: a feed
   * cannot send this server to any other address.
   */
  private onOurPartner(thumbnail: string): string | null {
    try {
      const url = new URL(thumbnail, this.o.url);
      return url.origin === this.origin ? url.href : null;
    } catch {
      return null;
    }
  }

  private async fetchThumb(url: string): Promise<Buffer> {
    const response = await this.get(url, 'image/webp,image/jpeg,image/png');
    if (!response.ok) throw new CamFeedError(`a webcam thumbnail answered ${response.status}`);
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!THUMB_TYPES.has(type)) throw new CamFeedError('a webcam thumbnail is not an image');
    const bytes = await readCapped(response, MAX_THUMB_BYTES);
    // Re-encoded: the partner's file reaches members as an image of ours, without its metadata.
    const sharp = await loadSharp();
    return sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(THUMB.width, THUMB.height, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 80, effort: 2 })
      .toBuffer();
  }

  private get(url: string, accept: string): Promise<Response> {
    // No redirects: the partner's answer comes from the address we asked, or not at all.
    return fetch(url, {
      headers: { accept },
      redirect: 'error',
      signal: AbortSignal.timeout(this.o.timeoutMs),
    }).catch((error: unknown) => {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'is unreachable';
      throw new CamFeedError(`the webcam partner ${reason}`);
    });
  }

  /** Makes room: the expired thumbnails, else the oldest half. */
  private dropOldThumbs(now: number): void {
    for (const [key, entry] of this.thumbs) {
      if (now - entry.at >= this.o.thumbMs) this.thumbs.delete(key);
    }
    if (this.thumbs.size < this.o.maxThumbs) return;
    const oldest = [...this.thumbs.keys()].slice(0, Math.ceil(this.thumbs.size / 2));
    for (const key of oldest) this.thumbs.delete(key);
  }
}

const toProfile = (p: CamFeedPerformer): CamProfile => ({
  account: p.account,
  name: p.name,
  age: p.age,
  gender: p.gender,
  thumb_url: camThumbUrl(p.account),
  live: p.live,
});

/** The body, refusing one longer than `max` bytes without reading the rest. */
async function readCapped(response: Response, max: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > max) {
    await response.body?.cancel();
    throw new CamFeedError('an answer of the webcam partner is too large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  try {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > max) throw new CamFeedError('an answer of the webcam partner is too large');
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (error instanceof CamFeedError) throw error;
    // The timeout fell while the body came, or the partner hung up.
    throw new CamFeedError('an answer of the webcam partner broke off');
  }
  return Buffer.concat(chunks);
}
