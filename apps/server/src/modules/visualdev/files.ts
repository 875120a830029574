// The file fields of online forms (uploadFile, uploadImg): a value is the list of files the chunked upload
// stored ({name, fileId, fileSize, fileExtension, url}). Files a record did not hold before must be in the
// store (pictures under annexpic), within the field's size and of its accepted types; their size is read from
// the store, not taken from input.
import { isUploadKey, uploadMaxBytes, uploadTypeOf, type FieldConfig } from '@jnpf/core';
import type { AppContext } from '../../platform/context.js';
import { fileStore, IMAGE_EXTENSIONS } from '../../platform/files.js';
import { labelOf, type Issues } from './issues.js';
import { m } from './messages.js';
import type { Values } from './values.js';

export const fileFields = (fields: readonly FieldConfig[]) => fields.filter((f) => isUploadKey(f.__config__.jnpfKey));

const filesIn = (value: unknown): Values[] =>
  Array.isArray(value) ? value.filter((v): v is Values => !!v && typeof v === 'object') : [];

/** the extensions a field accepts (".pdf,.docx", "image/*"), or null for any allowed type */
export function acceptedExtensions(field: FieldConfig): Set<string> | null {
  const accept = typeof field.accept === 'string' ? field.accept : '';
  const out = new Set<string>();
  for (const token of accept.split(',').map((t) => t.trim().toLowerCase())) {
    if (token === 'image/*') IMAGE_EXTENSIONS.forEach((e) => out.add(e));
    else if (/^\.[a-z0-9]{1,10}$/.test(token)) out.add(token.slice(1));
  }
  // pictures are stored under their real type, which for JPEG is jpg
  if (out.has('jpeg')) out.add('jpg');
  return out.size ? out : null;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3}GB` : bytes >= 1024 ** 2 ? `${bytes / 1024 ** 2}MB` : `${bytes / 1024}KB`;

/**
 * File values whose new files are not stored, too large or of a type the field does not take. Sets each new
 * file's fileSize to the stored size.
 */
export async function fileIssues(
  app: AppContext,
  fields: readonly FieldConfig[],
  values: Values,
  changed: ReadonlySet<string>,
  previous: Values = {},
): Promise<Issues> {
  const store = fileStore(app.config.dataDir);
  const issues: Issues = {};
  for (const field of fileFields(fields)) {
    const key = field.__vModel__;
    if (!changed.has(key)) continue;
    // a file the record held keeps its stored size, whatever the input says
    const before = new Map(filesIn(previous[key]).map((f) => [f.fileId, f.fileSize]));
    const type = uploadTypeOf(field.__config__.jnpfKey);
    const accepted = acceptedExtensions(field);
    const max = uploadMaxBytes(field);
    const label = labelOf(field);
    for (const file of filesIn(values[key])) {
      if (before.has(file.fileId)) {
        file.fileSize = before.get(file.fileId);
        continue;
      }
      const size = await store.size(type, String(file.fileId));
      if (size === null) issues[key] ??= { key: m.fileMissing, params: { label } };
      else if (size > max) issues[key] ??= { key: m.fileTooLarge, params: { label, size: sizeText(max) } };
      else if (accepted && !accepted.has(String(file.fileExtension)))
        issues[key] ??= { key: m.fileTypeRefused, params: { label, types: [...accepted].join('、') } };
      else file.fileSize = size;
    }
  }
  return issues;
}
