import type { FastifyReply } from 'fastify';
import type { OpenedFile } from './uploads';

/**
 * Sends a stored file: `inline` to show it in the page (an image), `attachment` to save it; the
 * browser keeps a private copy for `maxAgeSeconds` (0: none, for documents that change hands).
 */
export function sendStoredFile(reply: FastifyReply, file: OpenedFile, options: { disposition: 'inline' | 'attachment'; maxAgeSeconds: number }) {
  return reply
    .type(file.mime)
    .header('content-length', file.bytes)
    .header('content-disposition', `${options.disposition}; filename="${file.filename}"`)
    .header('cache-control', options.maxAgeSeconds > 0 ? `private, max-age=${options.maxAgeSeconds}` : 'private, no-store')
    .send(file.stream);
}
