// Chat images: POST /api/file/Uploader/IM (multipart field "file"; an image by its content, under 5 MB; held to
// the uploader's quota and registered as theirs) and GET /api/file/Image/IM/{name} for its uploader and the two
// parties of a chat message showing it. The stored name is what SendMessage quotes back.
import { and, eq, like, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import { imContent } from '../../db/schema/index.js';
import { containsPattern } from '../../platform/paging.js';
import { checkQuota, mayReadFile, registerStoredFile, type FileHolder } from '../file/index.js';
import { refuse } from '../../platform/errors.js';
import { fileStore, ImageUploadError, readOneImage, sendStoredFile, STORED_NAME } from '../../platform/files.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { m } from './messages.js';

export const IM_CATEGORY = 'IM';
/** the chat's picture limit, 5 MiB (5,242,880 bytes); a file must be smaller */
export const MAX_IM_IMAGE_BYTES = 5_242_880;
export const imFilePath = (name: string) => `/api/file/Image/${IM_CATEGORY}/${name}`;

export const imUploadRoutes = [
  route({
    method: 'POST',
    url: '/api/file/Uploader/IM',
    permission: 'signedIn',
    summary: 'Upload one chat picture (png, jpg, gif, webp or bmp by content, under 5 MB): {name, url}',
    async handler({ app, req, principal }) {
      let image;
      try {
        image = await readOneImage(req, MAX_IM_IMAGE_BYTES);
      } catch (err) {
        if (!(err instanceof ImageUploadError)) throw err;
        const keys = {
          fileRequired: m.fileRequired,
          tooLarge: m.imageTooLarge,
          oneFile: m.oneFile,
          uploadFailed: m.uploadFailed,
          imageOnly: m.imageOnly,
        };
        throw refuse(keys[err.reason]);
      }
      const { bytes, kind } = image;
      await checkQuota(app, principal.userId, bytes.length);
      const name = await fileStore(app.config).save(IM_CATEGORY, kind.extension, bytes);
      await registerStoredFile(app, { name, store: IM_CATEGORY, userId: principal.userId, size: bytes.length });
      return ok({ name, url: imFilePath(name) }, 'done');
    },
  }),
  route({
    method: 'GET',
    url: `/api/file/Image/${IM_CATEGORY}/:name`,
    permission: 'signedIn',
    summary:
      'A chat picture, with its real content type, to its uploader and the two parties of a message showing it (else "not found")',
    params: z.object({ name: z.string().max(100) }),
    async handler({ app, reply, params, principal }) {
      if (!STORED_NAME.test(params.name)) throw refuse('notFound');
      if (!(await mayReadFile(app, principal, IM_CATEGORY, params.name))) throw refuse('notFound');
      if (!(await sendStoredFile(reply, fileStore(app.config), IM_CATEGORY, params.name))) throw refuse('notFound');
    },
  }),
];

/** chat messages (pictures and voice, not text) showing the stored file */
const showing = (name: string) =>
  and(ne(imContent.contentType, 'text'), like(imContent.content, containsPattern(name)));

/** a chat picture is read by the sender and the receiver of a message showing it (unless they cleared it) */
export const chatFileHolder: FileHolder = {
  async mayRead(app, reader, name) {
    const [row] = await app.db
      .select({ id: imContent.id })
      .from(imContent)
      .where(
        and(
          showing(name),
          // a party who cleared their side of the history no longer sees the message
          or(
            and(eq(imContent.sendUserId, reader.userId), eq(imContent.deletedBySender, 0)),
            and(eq(imContent.receiveUserId, reader.userId), eq(imContent.deletedByReceiver, 0)),
          ),
        ),
      )
      .limit(1);
    return !!row;
  },
  async held(db, names) {
    const held = new Set<string>();
    for (const name of names) {
      const [row] = await db.select({ id: imContent.id }).from(imContent).where(showing(name)).limit(1);
      if (row) held.add(name);
    }
    return held;
  },
};

/** may the sender quote this picture in a message: only one they may read (their upload, or one shown to them) */
export const maySend = (app: AppContext, userId: string, name: string) =>
  mayReadFile(app, { userId, isAdministrator: false }, IM_CATEGORY, name);
