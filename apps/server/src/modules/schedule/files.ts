// Schedule attachments: POST /api/system/Schedule/Uploader for any signed-in user, GET .../File/{name} for those
// who may read the file: its uploader, and the creator and participants of an occurrence whose `files` name it.
// Saving a schedule, its creator may name only files they may read themselves (their uploads, or files of
// schedules they see), so a known name is no way to someone else's file.
import { and, eq, exists, like, or } from 'drizzle-orm';
import { schedule, scheduleUser } from '../../db/schema/index.js';
import { attachmentRoutes } from '../../platform/attachments.js';
import type { AppContext } from '../../platform/context.js';
import { invalidField } from '../../platform/errors.js';
import { storedNamesIn } from '../../platform/files.js';
import { containsPattern } from '../../platform/paging.js';
import { attachmentFiles, mayReadFile, type FileHolder } from '../file/index.js';
import { m } from './messages.js';

export const SCHEDULE_STORE = 'schedule';
export const SCHEDULE_FILE_MAX_MB = 20;

export const scheduleFileRoutes = (base: string) =>
  // uploading is for any signed-in user (the creator-only rules apply when the schedule is saved)
  attachmentRoutes({
    base,
    category: SCHEDULE_STORE,
    uploadPermission: 'signedIn',
    files: attachmentFiles,
    maxMb: SCHEDULE_FILE_MAX_MB,
    subject: 'schedule',
  });

const naming = (name: string) => like(schedule.files, containsPattern(name));

export const scheduleFileHolder: FileHolder = {
  async mayRead(app, reader, name) {
    const [row] = await app.db
      .select({ id: schedule.id })
      .from(schedule)
      .where(
        and(
          naming(name),
          or(
            eq(schedule.creatorUserId, reader.userId),
            exists(
              app.db
                .select({ one: scheduleUser.userId })
                .from(scheduleUser)
                .where(and(eq(scheduleUser.scheduleId, schedule.id), eq(scheduleUser.userId, reader.userId))),
            ),
          ),
        ),
      )
      .limit(1);
    return !!row;
  },
  async held(db, names) {
    const held = new Set<string>();
    for (const name of names) {
      const [row] = await db.select({ id: schedule.id }).from(schedule).where(naming(name)).limit(1);
      if (row) held.add(name);
    }
    return held;
  },
};

/** refuses a schedule's attachment list naming a stored file the saving user may not read */
export async function checkScheduleFiles(app: AppContext, userId: string, files: string): Promise<void> {
  for (const name of storedNamesIn(files))
    if (!(await mayReadFile(app, { userId, isAdministrator: false }, SCHEDULE_STORE, name)))
      throw invalidField('files', m.fileMissing);
}
