// The files of online-form records (the stores annex and annexpic of the chunked upload): a file is read by whoever
// may read a record holding it in a file field they may see — the record within their data scope through the
// model's menus (or any record, for designers), the field within their form permission. Records are found by
// their data naming the file, then each is checked as the runtime's record read checks it. A signature field holds
// its picture (of the picture store) the same way.
import { isSubTableKey, isUploadKey, signFileName, signUrlOf, subTableColumns, type FieldConfig } from '@jnpf/core';
import { like, or, sql } from 'drizzle-orm';
import { visualRecord } from '../../../db/schema/index.js';
import type { AppContext } from '../../../platform/context.js';
import { containsPattern } from '../../../platform/paging.js';
import type { FileHolder, FileReader } from '../../file/index.js';
import { runtimeAccess } from './access.js';
import { formView, visibleValues } from './formAccess.js';
import { runtimeModel } from './model.js';
import { recordOf } from './records.js';
import { scopeColumns } from './scope.js';
import { serverWidgetOf, type Values } from './values.js';

/** records looked at for one read: a file belongs to one record, more are copies */
const CANDIDATES = 50;

/** the record's data mentions the name anywhere (what the sweep keeps) */
const naming = (name: string) => like(sql`${visualRecord.data}::text`, containsPattern(name));
/**
 * the record's data has an object with this fileId (jsonb's text writes keys as `"key": ` and escapes quotes
 * inside strings, so a text value quoting it does not match): records merely mentioning the name in a text
 * field cannot crowd out the ones holding it
 */
const holding = (name: string) =>
  or(
    like(sql`${visualRecord.data}::text`, containsPattern(`"fileId": ${JSON.stringify(name)}`)),
    // a signature holds its picture's address as the whole value
    like(sql`${visualRecord.data}::text`, containsPattern(`: ${JSON.stringify(signUrlOf(name))}`)),
  );

/** does a file field of these (visible) fields, or of their sub-tables' rows, hold the file */
function holds(fields: readonly FieldConfig[], values: Values, name: string): boolean {
  for (const field of fields) {
    const value = values[field.__vModel__];
    if (serverWidgetOf(field).picture) {
      if (signFileName(value) === name) return true;
    } else if (isUploadKey(field.__config__.jnpfKey)) {
      if (Array.isArray(value) && value.some((f) => !!f && typeof f === 'object' && (f as Values).fileId === name))
        return true;
    } else if (isSubTableKey(field.__config__.jnpfKey) && Array.isArray(value)) {
      const columns = subTableColumns(field);
      for (const row of value) if (row && typeof row === 'object' && holds(columns, row as Values, name)) return true;
    }
  }
  return false;
}

async function mayReadIn(app: AppContext, reader: FileReader, modelId: string, id: string, name: string) {
  const access = await runtimeAccess(app, reader, modelId);
  const model = await runtimeModel(app, modelId, access.designer).catch(() => null);
  // a form-only function's records are the designers' (as the runtime's record read has it)
  if (!model || (model.webType === 1 && !access.designer)) return false;
  const row = await recordOf(app.db, model.id, id, await access.recordScope(scopeColumns(model)));
  if (!row) return false;
  const view = formView(model, access.grantedForm());
  return holds(view.fields, view.restricted ? visibleValues(view, row.data) : row.data, name);
}

export const recordFileHolder: FileHolder = {
  async mayRead(app, reader, name) {
    const rows = await app.db
      .select({ id: visualRecord.id, modelId: visualRecord.modelId })
      .from(visualRecord)
      .where(holding(name))
      .limit(CANDIDATES);
    for (const row of rows) if (await mayReadIn(app, reader, row.modelId, row.id, name)) return true;
    return false;
  },
  async held(db, names) {
    const held = new Set<string>();
    for (const name of names) {
      const [row] = await db.select({ id: visualRecord.id }).from(visualRecord).where(naming(name)).limit(1);
      if (row) held.add(name);
    }
    return held;
  },
};
