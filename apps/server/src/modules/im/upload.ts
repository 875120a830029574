// Chat images: POST /api/file/Uploader/IM (multipart field "file"; an image by its content, under 5 MB) and
// GET /api/file/Image/IM/{name} for signed-in users. The stored name is what SendMessage quotes back.
import { z } from 'zod';
import { refuse } from '../../platform/errors.js';
import { fileStore, ImageUploadError, readOneImage, sendStoredFile, STORED_NAME } from '../../platform/files.js';
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
    async handler({ app, req }) {
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
      const name = await fileStore(app.config).save(IM_CATEGORY, kind.extension, bytes);
      return ok({ name, url: imFilePath(name) }, 'done');
    },
  }),
  route({
    method: 'GET',
    url: `/api/file/Image/${IM_CATEGORY}/:name`,
    permission: 'signedIn',
    summary: 'A chat picture, with its real content type',
    params: z.object({ name: z.string().max(100) }),
    async handler({ app, reply, params }) {
      if (!STORED_NAME.test(params.name)) throw refuse('notFound');
      if (!(await sendStoredFile(reply, fileStore(app.config), IM_CATEGORY, params.name))) throw refuse('notFound');
    },
  }),
];
