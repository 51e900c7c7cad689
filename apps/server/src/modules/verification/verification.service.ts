import { randomInt, randomUUID } from 'node:crypto';
import {
  VERIFICATION_POSE_MINUTES,
  VERIFICATION_TRIES_PER_DAY,
  type VerificationState,
} from '@amora/shared/schemas/verification';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, limitedUntil } from '../../lib/errors.js';
import { processImage } from '../images/image-processing.js';
import { discardObjects } from '../media/media-delete.js';
import type { ObjectStore } from '../media/object-store.js';
import type { FaceDetector } from './face-detector.js';
import { isPoseId, POSES, type PoseId, poseView } from './poses.js';
import {
  assignPose,
  countTry,
  hasScreenedPhoto,
  latestVerification,
  standingPose,
  takePose,
  triesUsedUpUntil,
} from './verification.repository.js';

/**
 * `GET /api/verification.php`: the member's status by their newest request, and with
 * `none` or `rejected` the pose to make: the one assigned if it still stands
 * (`VERIFICATION_POSE_MINUTES`), else a new one, chosen at random.
 */
export async function verificationState(
  db: Kysely<Database>,
  memberId: number,
): Promise<VerificationState> {
  const latest = await latestVerification(db, memberId);
  const status = latest?.status ?? 'none';
  if (status === 'pending' || status === 'verified') return { status, pose: null, reason: null };
  const standing = await standingPose(db, memberId);
  const pose =
    standing !== undefined && isPoseId(standing)
      ? standing
      : await assignPose(db, memberId, POSES[randomInt(POSES.length)]!);
  return {
    status,
    pose: await poseView(isPoseId(pose) ? pose : POSES[0]),
    reason: latest?.reason ?? null,
  };
}

const poseExpired = () =>
  new AppError(
    409,
    'pose_expired',
    `This pose is not the one asked for or was asked for more than ${VERIFICATION_POSE_MINUTES} minutes ago: make the new pose`,
  );

export interface SelfieUpload {
  files: readonly Buffer[];
  pose: string | undefined;
}

/**
 * `POST /api/verification.php`: a selfie in the assigned pose waits for a person. In order:
 * 409 `photo_required` without a screened photo; 429 `verification_limit` after
 * `VERIFICATION_TRIES_PER_DAY` tries in the member's day; 409 `pose_expired` for another
 * pose, an old one or none assigned (pending or verified); 400 `no_file`, `not_an_image`,
 * `image_too_small`, `image_too_large` (the upload is re-encoded as every upload is, so
 * nothing the member's device wrote into the file is kept). Then the try counts, and the
 * face check answers 400 `no_face` or `several_faces` before anyone looks. The selfie is
 * written to the private store before its row and removed again when the row is not stored.
 */
export async function sendSelfie(
  db: Kysely<Database>,
  deps: { store: ObjectStore; detector: Pick<FaceDetector, 'count'> },
  memberId: number,
  upload: SelfieUpload,
): Promise<void> {
  if (!(await hasScreenedPhoto(db, memberId))) {
    throw new AppError(
      409,
      'photo_required',
      'Add a profile photo first: a person compares the selfie with it',
    );
  }
  await refuseWhenTriesUsedUp(db, memberId);
  const pose = upload.pose;
  if (pose === undefined || !isPoseId(pose) || (await standingPose(db, memberId)) !== pose) {
    throw poseExpired();
  }
  const file = upload.files[0];
  if (!file) throw badRequest('no_file', 'Take a selfie to send (multipart field "file")');
  // Outside any transaction: the pixel work runs on libvips' threads.
  const { full } = await processImage(file);

  if (!(await countTry(db, memberId))) await refuseWhenTriesUsedUp(db, memberId, true);
  const faces = await deps.detector.count(full);
  if (faces === 0) {
    throw badRequest(
      'no_face',
      'No face can be seen in this selfie: face the camera in good light',
    );
  }
  if (faces > 1) {
    throw badRequest('several_faces', 'More than one face is in this selfie: take it alone');
  }

  const name = `selfie-${randomUUID()}.webp`;
  await deps.store.put(name, full, 'image/webp');
  await db
    .transaction()
    .execute(async (trx) => {
      // The pose is used up with the row: a second upload of the same pose finds none.
      if (!(await takePose(trx, memberId, pose))) throw poseExpired();
      await insertPending(trx, memberId, pose, name);
    })
    .catch(async (err: unknown) => {
      await discardObjects(db, deps.store, [name], undefined, 'private');
      throw err;
    });
}

async function insertPending(
  trx: Kysely<Database>,
  memberId: number,
  pose: PoseId,
  selfie: string,
): Promise<void> {
  await trx
    .insertInto('verifications')
    .values({ member_id: memberId, pose, selfie, status: 'pending' })
    .execute();
}

/** 429 `verification_limit` with the moment of the next try, while the day's are used up. */
async function refuseWhenTriesUsedUp(
  db: Kysely<Database>,
  memberId: number,
  certain = false,
): Promise<void> {
  const until = await triesUsedUpUntil(db, memberId);
  if (until === null && !certain) return;
  const retryAt = until ?? new Date(Date.now() + 24 * 60 * 60 * 1000);
  throw limitedUntil(
    'verification_limit',
    `You can send ${VERIFICATION_TRIES_PER_DAY} selfies a day: the next one from ${retryAt.toISOString()}`,
    retryAt,
  );
}
