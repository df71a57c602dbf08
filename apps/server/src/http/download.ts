import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/**
 * A file the browser saves (a report, an invoice, a package): its type, the name it is saved under,
 * and never kept by a cache (every download is the caller's own data). The body may be a stream,
 * which Fastify pipes out as it comes.
 */
export function sendAttachment(
  reply: FastifyReply,
  type: string,
  name: string,
  body: Buffer | string | Readable | NodeJS.ReadableStream,
) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** A zip streamed as it is written (a SCORM or cmi5 package). */
export const sendZip = (reply: FastifyReply, name: string, stream: Readable) =>
  sendAttachment(reply, 'application/zip', name, stream);
