import type { PROFILE_FIELDS } from '@amora/shared/rules/profile-fields';
import { avataaars } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';
import sharp from 'sharp';
import { chance, createRng, pick, pickWeighted, type Rnd } from './random.js';

/**
 * Illustrated demo portraits: a DiceBear "Avataaars" bust (Pablo Stanley, free for personal and
 * commercial use) on a warm gradient, rendered offline to WebP at 4:5.
 *
 * Every option is chosen here from curated lists rather than left to DiceBear's defaults, which
 * include yellow and orange skin, pastel hair, sunglasses and joke faces (vomiting, dizzy eyes,
 * an eye patch) that do not belong on a dating profile. Hair, beard and glasses follow the
 * member's gender and age, and the hair colour follows the profile's answer when given.
 */

export const PORTRAIT_FULL = { width: 800, height: 1000 } as const;
export const PORTRAIT_THUMB = { width: 320, height: 400 } as const;

/** Canvas of the composed SVG, in user units (4:5). */
const CANVAS_W = 400;
const CANVAS_H = 500;
/** Effort 2 encodes flat illustrations twice as fast as the default 4 for ~8% larger files. */
const WEBP_EFFORT = 2;

type AvataaarsOptions = NonNullable<Parameters<typeof createAvatar<avataaars.Options>>[1]>;
type Top = NonNullable<avataaars.Options['top']>[number];
type FacialHair = NonNullable<avataaars.Options['facialHair']>[number];
type Clothing = NonNullable<avataaars.Options['clothing']>[number];
type Eyes = NonNullable<avataaars.Options['eyes']>[number];
type Eyebrows = NonNullable<avataaars.Options['eyebrows']>[number];
type Mouth = NonNullable<avataaars.Options['mouth']>[number];
type Accessory = NonNullable<avataaars.Options['accessories']>[number];

const MALE_TOPS: readonly (readonly [Top, number])[] = [
  ['shortFlat', 4],
  ['shortRound', 4],
  ['shortWaved', 4],
  ['shortCurly', 3],
  ['theCaesar', 3],
  ['theCaesarAndSidePart', 3],
  ['frizzle', 1],
  ['shaggy', 1],
  ['dreads01', 1],
  ['sides', 1],
];
/** Older men: more receding hairlines. */
const MALE_TOPS_OLDER: readonly (readonly [Top, number])[] = [
  ['shortFlat', 3],
  ['shortRound', 3],
  ['theCaesar', 2],
  ['theCaesarAndSidePart', 3],
  ['shortWaved', 2],
  ['sides', 4],
];
const FEMALE_TOPS: readonly (readonly [Top, number])[] = [
  ['longButNotTooLong', 4],
  ['straight01', 4],
  ['straight02', 4],
  ['straightAndStrand', 3],
  ['bob', 3],
  ['curvy', 3],
  ['curly', 2],
  ['bun', 2],
  ['miaWallace', 2],
  ['bigHair', 2],
  ['fro', 1],
  ['froBand', 1],
];
const FEMALE_TOPS_OLDER: readonly (readonly [Top, number])[] = [
  ['bob', 4],
  ['longButNotTooLong', 3],
  ['bun', 3],
  ['curvy', 2],
  ['straight02', 2],
  ['curly', 1],
];

const SKIN: readonly (readonly [string, number])[] = [
  ['ffdbb4', 30],
  ['edb98a', 30],
  ['d08b5b', 18],
  ['ae5d29', 12],
  ['614335', 10],
];

/** Natural hair colours only (DiceBear's list also has pastel pink). */
const HAIR_DARK = ['2c1b18', '4a312c'] as const;
const HAIR_ALL: readonly (readonly [string, number])[] = [
  ['2c1b18', 4],
  ['4a312c', 5],
  ['724133', 5],
  ['a55728', 3],
  ['b58143', 3],
  ['d6b370', 3],
  ['a8431f', 1], // copper (DiceBear's own red is a crayon orange)
  ['ecdcbf', 1],
];
const HAIR_GREY = ['e8e1e1', 'ecdcbf'] as const;

/** The profile's hair_color answer, when known, decides the drawn hair. */
export type PortraitHair = (typeof PROFILE_FIELDS)['hair_color'][number];
const HAIR_BY_ANSWER: Record<Exclude<PortraitHair, 'bald'>, readonly string[]> = {
  black: ['2c1b18'],
  brown: ['4a312c', '724133', '724133', 'a55728'],
  blond: ['b58143', 'd6b370', 'd6b370', 'ecdcbf'],
  red: ['a8431f'],
  grey: ['e8e1e1', 'e8e1e1', 'ecdcbf'],
};

export type PortraitOptions = { age?: number; hair?: PortraitHair };

const CLOTHING_MALE: readonly (readonly [Clothing, number])[] = [
  ['blazerAndShirt', 3],
  ['blazerAndSweater', 3],
  ['collarAndSweater', 4],
  ['hoodie', 2],
  ['shirtCrewNeck', 4],
  ['shirtVNeck', 3],
];
const CLOTHING_FEMALE: readonly (readonly [Clothing, number])[] = [
  ['blazerAndShirt', 2],
  ['blazerAndSweater', 2],
  ['collarAndSweater', 3],
  ['hoodie', 1],
  ['shirtCrewNeck', 3],
  ['shirtScoopNeck', 4],
  ['shirtVNeck', 3],
];
/** Calm, friendly clothing colours (no white, which vanishes against the pale backgrounds). */
const CLOTHES_COLORS = [
  '262e33',
  '65c9ff',
  '5199e4',
  '25557c',
  '929598',
  '3c4f5c',
  'a7ffc4',
  'ffafb9',
  'ff488e',
  'ff5c5c',
] as const;

const EYES: readonly (readonly [Eyes, number])[] = [
  ['default', 6],
  ['happy', 5],
  ['squint', 2],
  ['side', 1],
  ['wink', 1],
];
const EYEBROWS: readonly (readonly [Eyebrows, number])[] = [
  ['defaultNatural', 6],
  ['default', 4],
  ['raisedExcitedNatural', 3],
  ['raisedExcited', 2],
  ['flatNatural', 2],
];
const MOUTHS: readonly (readonly [Mouth, number])[] = [
  ['smile', 7],
  ['twinkle', 4],
  ['default', 3],
  ['serious', 1],
];
const MALE_FACIAL_HAIR: readonly (readonly [FacialHair, number])[] = [
  ['beardLight', 5],
  ['beardMedium', 3],
  ['beardMajestic', 1],
  ['moustacheMagnum', 1],
];
/** Clear glasses only: "kurt", "sunglasses" and "wayfarers" hide the eyes. */
const GLASSES: readonly Accessory[] = ['prescription01', 'prescription02', 'round'];

/** Warm, soft two-tone backgrounds (top colour, bottom colour), with an occasional cool accent. */
const BACKGROUNDS: readonly (readonly [string, string])[] = [
  ['ffe8d6', 'f8c6a5'], // peach
  ['fde4e6', 'f5b5bf'], // rose
  ['fff1d6', 'f5cf86'], // honey
  ['f8e4cc', 'e6b284'], // sand
  ['ffe3d9', 'f2a38f'], // coral
  ['fbe6d2', 'eea77a'], // apricot
  ['f4e3ee', 'ddb3cf'], // mauve
  ['fdf0dc', 'ecc79d'], // cream
  ['e9f1e1', 'c5dab0'], // sage
  ['e3eef6', 'b9d3e8'], // sky
];

function pickHairColor(
  rnd: Rnd,
  gender: 'male' | 'female',
  age: number | undefined,
  hair: PortraitHair | undefined,
): string {
  if (hair && hair !== 'bald') return pick(rnd, HAIR_BY_ANSWER[hair]);
  // Unknown (or bald: this colours the beard): by age, darker more often for men.
  const greying =
    age === undefined ? 0.05 : age >= 65 ? 0.8 : age >= 55 ? 0.5 : age >= 45 ? 0.2 : 0;
  if (chance(rnd, greying)) return pick(rnd, HAIR_GREY);
  if (gender === 'male' && chance(rnd, 0.2)) return pick(rnd, HAIR_DARK);
  return pickWeighted(rnd, HAIR_ALL);
}

function avatarOptions(
  rnd: Rnd,
  seed: string,
  gender: 'male' | 'female',
  { age, hair }: PortraitOptions,
) {
  const older = age !== undefined && age >= 55;
  const bald = hair === 'bald' && gender === 'male';
  const hairColor = pickHairColor(rnd, gender, age, hair);
  const top =
    gender === 'male'
      ? pickWeighted(rnd, older ? MALE_TOPS_OLDER : MALE_TOPS)
      : pickWeighted(rnd, older ? FEMALE_TOPS_OLDER : FEMALE_TOPS);
  const beard = gender === 'male' && chance(rnd, older ? 0.5 : 0.4);
  const glasses = chance(rnd, older ? 0.45 : 0.15);

  const options: AvataaarsOptions = {
    seed,
    style: ['default'],
    top: [top],
    topProbability: bald ? 0 : 100,
    hairColor: [hairColor],
    hatColor: ['3c4f5c'],
    facialHair: beard ? [pickWeighted(rnd, MALE_FACIAL_HAIR)] : ['beardLight'],
    facialHairProbability: beard ? 100 : 0,
    facialHairColor: [hairColor],
    skinColor: [pickWeighted(rnd, SKIN)],
    eyes: [pickWeighted(rnd, EYES)],
    eyebrows: [pickWeighted(rnd, EYEBROWS)],
    mouth: [pickWeighted(rnd, MOUTHS)],
    accessories: [pick(rnd, GLASSES)],
    accessoriesProbability: glasses ? 100 : 0,
    accessoriesColor: ['262e33'],
    clothing: [pickWeighted(rnd, gender === 'male' ? CLOTHING_MALE : CLOTHING_FEMALE)],
    clothesColor: [pick(rnd, CLOTHES_COLORS)],
    clothingGraphic: ['bear'],
  };
  return options;
}

/** The complete 4:5 portrait as SVG (exported for previews and tests). */
export function portraitSvg(
  seed: string,
  gender: 'male' | 'female',
  options: PortraitOptions = {},
): string {
  const rnd = createRng(`portrait:${seed}`);
  const [top, bottom] = pick(rnd, BACKGROUNDS);
  const avatar = createAvatar(avataaars, avatarOptions(rnd, seed, gender, options)).toString();
  // The avatar's own 280x280 canvas has room for hats above the head; scale it so the head sits
  // in the upper-middle of the frame and the shoulders run off the bottom edge.
  const size = 450;
  const x = (CANVAS_W - size) / 2;
  const y = CANVAS_H - size + 14;
  const nested = avatar.replace(
    /^<svg /,
    `<svg x="${x}" y="${y}" width="${size}" height="${size}" `,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CANVAS_W} ${CANVAS_H}" width="${CANVAS_W}" height="${CANVAS_H}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#${top}"/><stop offset="1" stop-color="#${bottom}"/></linearGradient>`,
    '<radialGradient id="glow" cx="0.5" cy="0.42" r="0.45"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>',
    '</defs>',
    `<rect width="${CANVAS_W}" height="${CANVAS_H}" fill="url(#bg)"/>`,
    `<rect width="${CANVAS_W}" height="${CANVAS_H}" fill="url(#glow)"/>`,
    nested,
    '</svg>',
  ].join('');
}

/**
 * Renders a friendly illustrated adult portrait for `seed` (same seed, same picture).
 * `full` is 800x1000 and `thumb` 320x400, both WebP without metadata.
 */
export async function renderPortrait(
  seed: string,
  gender: 'male' | 'female',
  options: PortraitOptions = {},
): Promise<{ full: Buffer; thumb: Buffer }> {
  const svg = Buffer.from(portraitSvg(seed, gender, options));
  // 72 dpi is one pixel per user unit; render at the full size directly so librsvg draws crisp
  // vectors, then derive the thumbnail from the rendered bitmap.
  const density = (72 * PORTRAIT_FULL.width) / CANVAS_W;
  const raster = await sharp(svg, { density })
    .resize(PORTRAIT_FULL.width, PORTRAIT_FULL.height, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rawInput = {
    raw: { width: raster.info.width, height: raster.info.height, channels: raster.info.channels },
  } as const;
  const [full, thumb] = await Promise.all([
    sharp(raster.data, rawInput).webp({ quality: 80, effort: WEBP_EFFORT }).toBuffer(),
    sharp(raster.data, rawInput)
      .resize(PORTRAIT_THUMB.width, PORTRAIT_THUMB.height, { fit: 'cover' })
      .webp({ quality: 80, effort: WEBP_EFFORT })
      .toBuffer(),
  ]);
  return { full, thumb };
}
