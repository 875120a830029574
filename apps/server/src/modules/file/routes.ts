// /api/file: generated files (exports, templates, error reports) by the link their call returned, avatars, the
// general chunk upload with its stored files (chunks.ts), the one-shot upload and preview (uploader.ts) and
// pack downloads (pack.ts).
import path from 'node:path';
import { z } from 'zod';
import { refuse } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { DOWNLOAD_BASE, findDownload, TICKET_PATTERN } from '../../platform/transfers.js';
import { msg } from '../../platform/validation.js';
import { avatarRoutes } from './avatar.js';
import { chunkRoutes } from './chunks.js';
import { packRoutes } from './pack.js';
import { uploaderRoutes } from './uploader.js';

const CONTENT_TYPES: Record<string, string> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.json': 'application/json',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const download = (url: string) =>
  route({
    method: 'GET',
    url,
    permission: 'public',
    summary:
      'A generated file, by the unguessable link its export returned (valid ten minutes; the ticket is the credential)',
    params: z.object({
      ticket: z.string().regex(TICKET_PATTERN, msg('downloadExpired')),
      name: z.string().max(300).optional(),
    }),
    rateLimit: { max: 120, timeWindowMs: 60_000 },
    async handler({ app, params, reply }) {
      const file = await findDownload(app, params.ticket);
      if (!file) throw refuse('downloadExpired');
      const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      const type = CONTENT_TYPES[path.extname(file.fileName).toLowerCase()] ?? 'application/octet-stream';
      // awaiting the reply waits until it is sent, so the route layer adds no envelope
      await reply
        .header('content-type', type)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .send(file.content);
    },
  });

export const fileRoutes = [
  download(`${DOWNLOAD_BASE}/:ticket`),
  download(`${DOWNLOAD_BASE}/:ticket/:name`),
  ...avatarRoutes,
  ...chunkRoutes,
  ...uploaderRoutes,
  ...packRoutes,
];
