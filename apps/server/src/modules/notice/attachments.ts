// Notice attachments and cover pictures (the platform's attachment routes): POST /api/message/Notice/Uploader
// for whoever has the notice screen, GET /api/message/Notice/File/{name} for those who may read the file. The
// notice keeps them in its `files` JSON and `coverImage`; a released notice's copy in each recipient's message
// keeps them too (pictures of the body included), so a notice's files are read by its editors (the notice screen) and by the recipients of a
// released notice naming them, even once the notice itself is deleted.
import { and, eq, like, or } from 'drizzle-orm';
import { messageReceive, notice } from '../../db/schema/index.js';
import { attachmentRoutes } from '../../platform/attachments.js';
import { canUse } from '../../platform/catalogue.js';
import type { Db, Tx } from '../../db/client.js';
import { containsPattern } from '../../platform/paging.js';
import { attachmentFiles, type FileHolder } from '../file/index.js';
import { MessageType } from '../message/index.js';
import { NOTICE_SCREEN } from './menus.js';

export const NOTICE_STORE = 'notice';

export const noticeFileRoutes = attachmentRoutes({
  base: '/api/message/Notice',
  category: NOTICE_STORE,
  uploadPermission: { module: NOTICE_SCREEN },
  files: attachmentFiles,
  maxMb: 20,
  subject: 'notice',
});

/** in the notice's attachments, its cover, or a picture of its body */
const inNotice = (name: string) =>
  or(
    like(notice.files, containsPattern(name)),
    like(notice.coverImage, containsPattern(name)),
    like(notice.bodyText, containsPattern(name)),
  );
const inReceived = (name: string) =>
  and(eq(messageReceive.type, MessageType.notice), like(messageReceive.bodyText, containsPattern(name)));

async function heldNames(db: Db | Tx, names: readonly string[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (const name of names) {
    const [inDraft] = await db.select({ id: notice.id }).from(notice).where(inNotice(name)).limit(1);
    const [sent] = inDraft
      ? [inDraft]
      : await db.select({ id: messageReceive.id }).from(messageReceive).where(inReceived(name)).limit(1);
    if (sent) held.add(name);
  }
  return held;
}

export const noticeFileHolder: FileHolder = {
  async mayRead(app, principal, name) {
    const [grants, cat] = await Promise.all([app.grants.forUser(principal.userId, false), app.catalogue.get()]);
    // editors read every notice's files, as they read every notice
    if (canUse(cat, grants, NOTICE_SCREEN)) return true;
    const [received] = await app.db
      .select({ id: messageReceive.id })
      .from(messageReceive)
      .where(and(eq(messageReceive.userId, principal.userId), inReceived(name)))
      .limit(1);
    return !!received;
  },
  held: heldNames,
};
