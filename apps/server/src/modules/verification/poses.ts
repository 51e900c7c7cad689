import { readFile } from 'node:fs/promises';
import { SERVER_ROOT } from '../../server-root.js';

/**
 * The poses a verification selfie may be asked for (issue 48). An id names the drawing
 * (`poses/<id>.svg`, our own) and the member's instruction (`verification.poses.<id>` in the
 * web app's locales), and is stored with a request: ids never change; retire one by leaving
 * it out of the choice, never by renaming it.
 */
export const POSES = [
  'hand_on_head',
  'thumb_up',
  'peace',
  'hand_on_chin',
  'point_up',
  'wave',
  'ok_sign',
  'hand_on_heart',
] as const;
export type PoseId = (typeof POSES)[number];

/**
 * Each pose's instruction in English, for the API's `pose.text` (the server reads no web
 * locale; the app shows `verification.poses.<id>` in the member's language). The same as the
 * web app's English texts: poses.test.ts compares them.
 */
export const POSE_TEXTS: Record<PoseId, string> = {
  hand_on_head: 'Put one hand on top of your head.',
  thumb_up: 'Give a thumbs up with one hand.',
  peace: 'Hold up two fingers in a V, like a peace sign.',
  hand_on_chin: 'Rest your chin on your hand.',
  point_up: 'Point one finger up beside your face.',
  wave: 'Wave at the camera with an open hand.',
  ok_sign: 'Make an OK sign: thumb and index finger in a circle.',
  hand_on_heart: 'Lay one hand flat over your heart.',
};

export const isPoseId = (value: string): value is PoseId =>
  (POSES as readonly string[]).includes(value);

// Beside the source: tsc copies no SVG to dist/, and the bundle's chunks sit deeper still.
const DRAWINGS = new URL('src/modules/verification/poses/', SERVER_ROOT);
const drawings = new Map<PoseId, Promise<string>>();

/**
 * A pose's drawing as SVG text: a person's head and shoulders making the pose, square,
 * stroked in the app's ink (light in the dark colour mode). Its `<title>` is English and
 * names the file only: shown to a member, as an `<img>`, it takes the instruction in the
 * member's language as its alternative text.
 */
export function poseSvg(id: PoseId): Promise<string> {
  let drawing = drawings.get(id);
  if (!drawing) {
    drawing = readFile(new URL(`${id}.svg`, DRAWINGS), 'utf8');
    drawings.set(id, drawing);
    drawing.catch(() => drawings.delete(id));
  }
  return drawing;
}

/** A pose's drawing as a `data:` address, for an `<img>` (the pages' `img-src` allows it). */
export async function poseDataUrl(id: PoseId): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await poseSvg(id)).toString('base64')}`;
}

/** A pose as the member and staff are given it: its id, drawing and instruction. */
export async function poseView(id: PoseId): Promise<{ id: PoseId; image: string; text: string }> {
  return { id, image: await poseDataUrl(id), text: POSE_TEXTS[id] };
}
