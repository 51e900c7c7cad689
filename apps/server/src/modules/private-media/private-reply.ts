import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../lib/errors.js';
import { PRIVATE_CACHE_CONTROL } from '../media/object-store.js';
import { readPrivate } from '../media/private-links.js';

/**
 * Answers a private object the rule let through (`name`), or 404 `image_not_found`: a
 * redirect to a presigned link of the bucket, or the file's bytes. Neither the answer nor
 * the link may be kept: the next read passes the check again.
 */
export async function sendPrivate(
  app: FastifyInstance,
  reply: FastifyReply,
  name: string | null,
): Promise<FastifyReply> {
  const read = name && (await readPrivate(app.media.private, name, app.config.mediaLinkSeconds));
  if (!read) throw notFound('image_not_found', 'This photo is not available');
  reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  if (read.kind === 'redirect') return reply.redirect(read.url, 302);
  return reply
    .type(read.object.contentType)
    .header('content-length', read.object.size)
    .send(read.object.body);
}
