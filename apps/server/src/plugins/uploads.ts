import { IMAGE_UPLOAD_LIMITS } from '@amora/shared/schemas/images';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest } from '../lib/errors.js';

const MB = 1024 * 1024;

/**
 * Multipart uploads with tight limits (10 MB a file, 6 files, a few small fields). Bodies are parsed only by routes that ask for them (`readUploadedFiles`);
 * every other route keeps the JSON body limit of the app.
 */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    limits: {
      fileSize: IMAGE_UPLOAD_LIMITS.maxFileBytes,
      files: IMAGE_UPLOAD_LIMITS.maxFilesPerRequest,
      fields: 10,
      fieldNameSize: 100,
      fieldSize: 1024,
      parts: IMAGE_UPLOAD_LIMITS.maxFilesPerRequest + 10,
      headerPairs: 100,
    },
  });
});

/** Multipart failures as the API's `{ error: { code, message } }`, never a 500. */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  const maxMb = IMAGE_UPLOAD_LIMITS.maxFileBytes / MB;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'file_too_large', `Each photo may be at most ${maxMb} MB`);
    case 'FST_FILES_LIMIT':
      return new AppError(
        413,
        'too_many_files',
        `At most ${IMAGE_UPLOAD_LIMITS.maxFilesPerRequest} photos can be sent at once`,
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'too_many_parts', 'The upload has too many parts');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return notMultipart();
  }
  // Busboy's own complaints (a malformed or cut-off body) carry no status: the client's fault.
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 500) return err;
  return badRequest('invalid_multipart', 'The upload could not be read: please send it again');
}

const notMultipart = () =>
  new AppError(415, 'not_multipart', 'Send photos as multipart/form-data in the field "file"');

/**
 * For a route's `onRequest`: answers 415 `not_multipart` before any body is read unless the
 * request is multipart/form-data (otherwise an unknown type would get Fastify's own 415).
 */
export function requireMultipart(request: FastifyRequest): void {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*(;|$)/i.test(type)) throw notMultipart();
}

/**
 * Reads the files of a multipart request sent in `field` (also `field[]`) into memory, in
 * the order sent; empty parts (a form without a chosen file) are skipped and other parts
 * ignored. Answers 415 `not_multipart`, 413 `file_too_large`, 413 `too_many_files` or 400
 * `invalid_multipart` as AppErrors.
 */
export async function readUploadedFiles(
  request: FastifyRequest,
  field = 'file',
): Promise<Buffer[]> {
  return (await readUploadedForm(request, field)).files;
}

/**
 * `readUploadedFiles` with the form's text fields beside the files (the last value of each
 * name wins), for an upload that says what it is for (a verification selfie's `pose`).
 */
export async function readUploadedForm(
  request: FastifyRequest,
  field = 'file',
): Promise<{ files: Buffer[]; fields: Map<string, string> }> {
  if (!request.isMultipart()) throw notMultipart();
  const files: Buffer[] = [];
  const fields = new Map<string, string>();
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== field && part.fieldname !== `${field}[]`) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (data.length > 0) files.push(data);
    }
  } catch (err) {
    throw uploadError(err);
  }
  return { files, fields };
}
