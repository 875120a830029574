// Files embedded in a record's rich text (a picture pasted or uploaded into an editor field): the HTML names them
// by their address /api/file/Image/<store>/<name>. Such a file is read by whoever may read the record in a field
// they may see, as a file field's file is (fileHolder.ts); so a save may embed only files its writer could read
// themselves, else naming someone's private file in one's own record would hand it out.
import { isSubTableKey, subTableColumns, type FieldConfig } from '@jnpf/core';
import type { AppContext } from '../../../platform/context.js';
import { mayReadFile, type FileReader } from '../../file/index.js';
import { labelOf, type Issues } from '../issues.js';
import { m } from '../messages.js';
import type { FileRef } from './fileRefs.js';
import { serverWidgetOf, type Values } from './values.js';

const refKey = (ref: FileRef) => `${ref.store}/${ref.name}`;

/**
 * every embedded file of these fields' values, with the top-level field holding it (a sub-table's rows count for
 * the table) and the label of the field it is in
 */
export function embeddedIn(
  fields: readonly FieldConfig[],
  values: Values,
): { key: string; label: string; ref: FileRef }[] {
  const out: { key: string; label: string; ref: FileRef }[] = [];
  const walk = (list: readonly FieldConfig[], record: Values, key?: string) => {
    for (const field of list) {
      const value = record[field.__vModel__];
      const embeds = serverWidgetOf(field).embeds;
      if (embeds)
        for (const ref of embeds(value)) out.push({ key: key ?? field.__vModel__, label: labelOf(field), ref });
      else if (isSubTableKey(field.__config__.jnpfKey) && Array.isArray(value)) {
        const columns = subTableColumns(field);
        for (const row of value)
          if (row && typeof row === 'object' && !Array.isArray(row))
            walk(columns, row as Values, key ?? field.__vModel__);
      }
    }
  };
  walk(fields, values);
  return out;
}

/** does a field of these (visible) fields, or of their sub-tables' rows, embed the file */
export function embedsFile(fields: readonly FieldConfig[], values: Values, ref: FileRef): boolean {
  return embeddedIn(fields, values).some((e) => e.ref.store === ref.store && e.ref.name === ref.name);
}

/**
 * The changed fields embedding a file the record did not embed before that the writer may not read (`reader`
 * null, a public-link visitor: any new one), refused with the label of the field it is in. Files the record
 * embedded before stay, whoever embedded them.
 */
export async function embeddedIssues(
  app: AppContext,
  reader: FileReader | null,
  fields: readonly FieldConfig[],
  values: Values,
  changed: ReadonlySet<string>,
  previous: Values = {},
): Promise<Issues> {
  const checked = fields.filter((f) => changed.has(f.__vModel__));
  const before = new Set(embeddedIn(fields, previous).map((e) => refKey(e.ref)));
  const issues: Issues = {};
  const readable = new Map<string, boolean>();
  for (const { key, label, ref } of embeddedIn(checked, values)) {
    if (issues[key] || before.has(refKey(ref))) continue;
    let may = readable.get(refKey(ref));
    if (may === undefined) {
      may = reader ? await mayReadFile(app, reader, ref.store, ref.name) : false;
      readable.set(refKey(ref), may);
    }
    if (!may) issues[key] = { key: m.embeddedFileRefused, params: { label } };
  }
  return issues;
}
