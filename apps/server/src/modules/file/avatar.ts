// Avatars: POST /api/file/Uploader/userAvatar (one image by its content, under 2 MB) stores a picture the
// profile then chooses with PUT Users/Current/Avatar/{name}; GET /api/file/Image/userAvatar/{name} serves it.
// Avatars are shown in <img> tags everywhere (chat, members, header), which cannot send the token, so they are
// served without one; a stored name is random (128 bits), the only way to a picture.
import fs from 'node:fs/promises';
import { z } from 'zod';
import { refuse } from '../../platform/errors.js';
import { fileStore, ImageUploadError, readOneImage, sendStoredFile, STORED_NAME } from '../../platform/files.js';
import { defineMessages } from '../../platform/i18n.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';

export const AVATAR_CATEGORY = 'userAvatar';
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
/** the avatar every user has until they choose one (users store its name, as the reference's clients expect) */
export const DEFAULT_AVATAR = '001.png';
/** pictures that ship with the server, served under their own names */
const BUILT_IN_AVATARS = new Map<string, Promise<Buffer | null>>();
const BUILT_IN_DIR = new URL('../../../assets/avatars/', import.meta.url);

async function builtInAvatar(name: string): Promise<Buffer | null> {
  if (!/^\d{3}\.png$/.test(name)) return null;
  let picture = BUILT_IN_AVATARS.get(name);
  if (!picture) {
    picture = fs.readFile(new URL(name, BUILT_IN_DIR)).catch(() => null);
    BUILT_IN_AVATARS.set(name, picture);
  }
  return picture;
}

/** where a user's avatar (a stored name, or none for the default picture) is served */
export const avatarUrl = (name: string | null | undefined) => `/api/file/Image/${AVATAR_CATEGORY}/${name || '001.png'}`;

const m = defineMessages('avatar', {
  fileRequired: { zh: '请选择要上传的图片', zhtw: '請選擇要上傳的圖片', en: 'Choose a picture to upload' },
  tooLarge: { zh: '头像大小不能超过2M', zhtw: '頭像大小不能超過2M', en: 'The picture must be smaller than 2 MB' },
  oneFile: { zh: '一次只能上传一张图片', zhtw: '一次只能上傳一張圖片', en: 'Upload one picture at a time' },
  uploadFailed: { zh: '上传失败', zhtw: '上傳失敗', en: 'Upload failed' },
  imageOnly: {
    zh: '只能上传图片（png、jpg、gif、webp、bmp）',
    zhtw: '只能上傳圖片（png、jpg、gif、webp、bmp）',
    en: 'Only pictures can be uploaded (png, jpg, gif, webp, bmp)',
  },
});

export const avatarRoutes = [
  route({
    method: 'POST',
    url: `/api/file/Uploader/${AVATAR_CATEGORY}`,
    permission: 'signedIn',
    summary: 'Upload an avatar picture (png, jpg, gif, webp or bmp by content, under 2 MB): {name, url}',
    rateLimit: { max: 30, timeWindowMs: 60_000, key: (req) => `${req.ip}|${req.principal?.userId ?? ''}` },
    async handler({ app, req }) {
      try {
        const { bytes, kind } = await readOneImage(req, MAX_AVATAR_BYTES);
        const name = await fileStore(app.config).save(AVATAR_CATEGORY, kind.extension, bytes);
        return ok({ name, url: `/api/file/Image/${AVATAR_CATEGORY}/${name}` }, 'done');
      } catch (err) {
        if (err instanceof ImageUploadError) throw refuse(m[err.reason]);
        throw err;
      }
    },
  }),
  route({
    method: 'GET',
    url: `/api/file/Image/${AVATAR_CATEGORY}/:name`,
    permission: 'public',
    summary: 'An avatar picture by its stored name, with its real content type',
    params: z.object({ name: z.string().max(100) }),
    rateLimit: { max: 600, timeWindowMs: 60_000 },
    async handler({ app, reply, params }) {
      const builtIn = await builtInAvatar(params.name);
      if (builtIn) {
        await reply
          .header('Content-Type', 'image/png')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'public, max-age=86400')
          .send(builtIn);
        return;
      }
      if (!STORED_NAME.test(params.name)) throw refuse('notFound');
      if (!(await sendStoredFile(reply, fileStore(app.config), AVATAR_CATEGORY, params.name))) throw refuse('notFound');
    },
  }),
];
