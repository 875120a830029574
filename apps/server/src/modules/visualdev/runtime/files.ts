// The file fields of online forms (uploadFile, uploadImg): a value is the list of files the chunked upload
// stored ({name, fileId, fileSize, fileExtension, url}). Files a record did not hold before must be uploads of
// the saving user (registered by the merge in base_file_upload under the field's store, annexpic for pictures),
// still stored, within the field's size and of its accepted types; their size is the registered one, not taken
// from input. Files the record held stay, whoever uploaded them.
import {
  acceptedExtensions,
  fileKindsOf,
  isImageUploadKey,
  isUploadKey,
  SIGN_STORE,
  signFileName,
  uploadMaxBytes,
  uploadSizeLimit,
  uploadTypeOf,
  type FieldConfig,
  type Language,
} from '@jnpf/core';
import { and, eq, inArray } from 'drizzle-orm';
import { fileUpload } from '../../../db/schema/index.js';
import type { AppContext } from '../../../platform/context.js';
import { fileStore } from '../../../platform/files.js';
import { t } from '../../../platform/i18n.js';
import { labelOf, type Issues } from '../issues.js';
import { mayReadFile, type FileReader } from '../../file/index.js';
import { m, wm } from '../messages.js';
import { serverWidgetOf, type Values } from './values.js';

export const fileFields = (fields: readonly FieldConfig[]) => fields.filter((f) => isUploadKey(f.__config__.jnpfKey));

const filesIn = (value: unknown): Values[] =>
  Array.isArray(value) ? value.filter((v): v is Values => !!v && typeof v === 'object') : [];

/** the field's size limit as its design states it (fileSize and sizeUnit, "2048KB"), as the form's message says it */
const sizeText = (field: FieldConfig) => {
  const { size, unit } = uploadSizeLimit(field);
  return `${size}${unit}`;
};

/** the kinds of file a field takes, named as the form names them: 图片、视频、音频, excel, word, pdf, txt or the extension */
function kindNames(field: FieldConfig, lang: Language): string {
  return fileKindsOf(field)
    .map((kind) => {
      if (kind === 'image') return t(lang, m.fileKindImage);
      if (kind === 'video') return t(lang, m.fileKindVideo);
      if (kind === 'audio') return t(lang, m.fileKindAudio);
      return kind.startsWith('.') ? kind.slice(1) : kind;
    })
    .join(t(lang, m.fileKindSeparator));
}

/**
 * File values whose new files are not the saving user's uploads (registered by the merge under the field's
 * store), no longer stored, too large or of a type the field does not take. Sets each new file's fileSize to
 * its registered size. `userId` null (a public-link visitor): no new file is taken.
 */
export async function fileIssues(
  app: AppContext,
  userId: string | null,
  fields: readonly FieldConfig[],
  values: Values,
  changed: ReadonlySet<string>,
  previous: Values = {},
): Promise<Issues> {
  const checked = fileFields(fields).filter((f) => changed.has(f.__vModel__));
  // a file the record held keeps its stored size, whatever the input says; the others are new
  const before = new Map(
    checked.map((f) => [f.__vModel__, new Map(filesIn(previous[f.__vModel__]).map((v) => [v.fileId, v.fileSize]))]),
  );
  const newNames = new Set<string>();
  for (const field of checked) {
    const held = before.get(field.__vModel__)!;
    for (const file of filesIn(values[field.__vModel__])) if (!held.has(file.fileId)) newNames.add(String(file.fileId));
  }
  const uploads =
    userId && newNames.size
      ? await app.db
          .select({ name: fileUpload.name, type: fileUpload.type, size: fileUpload.size })
          .from(fileUpload)
          .where(and(inArray(fileUpload.name, [...newNames]), eq(fileUpload.uploaderUserId, userId)))
      : [];
  const uploaded = new Map(uploads.map((u) => [u.name, u]));
  const store = fileStore(app.config);
  const issues: Issues = {};
  for (const field of checked) {
    const key = field.__vModel__;
    const held = before.get(key)!;
    const type = uploadTypeOf(field.__config__.jnpfKey);
    const accepted = acceptedExtensions(field);
    const max = uploadMaxBytes(field);
    const label = labelOf(field);
    const pictures = isImageUploadKey(field.__config__.jnpfKey);
    for (const file of filesIn(values[key])) {
      if (held.has(file.fileId)) {
        file.fileSize = held.get(file.fileId);
        continue;
      }
      const name = String(file.fileId);
      const upload = uploaded.get(name);
      // someone else's upload, or one of the other store, is as good as none; so is one since removed
      if (!upload || upload.type !== type || !(await store.exists(type, name)))
        issues[key] ??= { key: m.fileMissing, params: { label } };
      // the size must stay below the limit: a file exactly at it is refused
      else if (upload.size >= max)
        issues[key] ??= { key: pictures ? m.imageTooLarge : m.fileTooLarge, params: { label, size: sizeText(field) } };
      else if (accepted && !accepted.includes(String(file.fileExtension)))
        issues[key] ??= pictures
          ? { key: m.notImage, params: { label } }
          : {
              key: m.fileTypeRefused,
              params: { label },
              localParams: (lang) => ({ types: kindNames(field, lang) }),
            };
      else file.fileSize = upload.size;
    }
  }
  return issues;
}

/**
 * Signature fields whose picture is new to the record and not the writer's own upload to the picture store (the pad
 * draws a picture, or takes one of the writer's saved signatures, and uploads it as the writer), or no longer
 * stored: another user's signature the writer may read is refused as not their own, one they may not read as not
 * readable. A picture the record held stays, whoever wrote it. A visitor (null) takes no new picture.
 */
export async function pictureIssues(
  app: AppContext,
  writer: FileReader | null,
  fields: readonly FieldConfig[],
  values: Values,
  changed: ReadonlySet<string>,
  previous: Values = {},
): Promise<Issues> {
  const issues: Issues = {};
  const store = fileStore(app.config);
  for (const field of fields) {
    const key = field.__vModel__;
    if (!serverWidgetOf(field).picture || !changed.has(key)) continue;
    const name = signFileName(values[key]);
    if (!name || signFileName(previous[key]) === name) continue;
    const label = labelOf(field);
    const readable =
      writer !== null && (await mayReadFile(app, writer, SIGN_STORE, name)) && (await store.exists(SIGN_STORE, name));
    if (!readable) issues[key] = { key: wm.signNotReadable, params: { label } };
    else if (!(await uploadedBy(app, writer.userId, name))) issues[key] = { key: m.signNotOwn, params: { label } };
  }
  return issues;
}

/** whether this user uploaded the picture of this name to the picture store */
async function uploadedBy(app: AppContext, userId: string, name: string): Promise<boolean> {
  const [row] = await app.db
    .select({ name: fileUpload.name })
    .from(fileUpload)
    .where(and(eq(fileUpload.name, name), eq(fileUpload.type, SIGN_STORE), eq(fileUpload.uploaderUserId, userId)))
    .limit(1);
  return row !== undefined;
}
