// What a print template reads from a released online form: the field tree its designer inserts placeholders
// from, and records as shown (option labels, names, dates) for a caller — only the records their data
// permissions reach and only the form items their menus grant, exactly as the form's own detail shows them.
import { isSubTableKey, subTableColumns, type FieldConfig, type Language } from '@jnpf/core';
import { inArray, and, eq } from 'drizzle-orm';
import { user, visualRecord } from '../../../db/schema/index.js';
import type { AppContext, Principal } from '../../../platform/context.js';
import { refuse } from '../../../platform/errors.js';
import { t } from '../../../platform/i18n.js';
import { m } from '../messages.js';
import { runtimeAccess, type RuntimeAccess, type Through } from './access.js';
import { displayRecord, formatMs } from './display.js';
import { columnCode, formView } from './formAccess.js';
import { parseModel, releasedRow, runtimeModel, type Model } from './model.js';
import { callerOf, displayContext } from './records.js';
import { scopeColumns } from './scope.js';

export interface PrintFieldNode {
  id: string;
  parentId: string;
  fullName: string;
  children?: PrintFieldNode[];
}

/** the system fields every record carries, printable beside the form's own, with their names' messages */
const RECORD_FIELDS: [string, string][] = [
  ['id', m.printRecordId],
  ['creatorUserName', m.printCreatorUser],
  ['creatorTime', m.printCreatorTime],
  ['lastModifyTime', m.printLastModifyTime],
];

const labelOf = (f: FieldConfig) =>
  typeof f.__config__.label === 'string' && f.__config__.label ? f.__config__.label : f.__vModel__;

/**
 * the fields of a released form as the print designer lists them: the main table's fields under "headTable"
 * (titled "主表:<form>" in the caller's language, the system fields named so too), each sub-table as a repeating list under its own name
 */
export async function printFieldTree(app: AppContext, modelId: string, lang: Language): Promise<PrintFieldNode[]> {
  const row = await releasedRow(app.db, modelId);
  if (!row) throw refuse(m.notReleased);
  const model = parseModel(row);
  const main: PrintFieldNode[] = [];
  const tables: PrintFieldNode[] = [];
  for (const f of model.fields) {
    if (isSubTableKey(f.__config__.jnpfKey)) {
      tables.push({
        id: f.__vModel__,
        parentId: '-1',
        fullName: `${labelOf(f)}:${f.__vModel__}`,
        children: subTableColumns(f).map((c) => ({ id: c.__vModel__, parentId: f.__vModel__, fullName: labelOf(c) })),
      });
    } else main.push({ id: f.__vModel__, parentId: 'headTable', fullName: labelOf(f) });
  }
  for (const [id, name] of RECORD_FIELDS) main.push({ id, parentId: 'headTable', fullName: t(lang, name) });
  const title = `${t(lang, m.printMainTable)}:${model.fullName}`;
  return [{ id: 'headTable', parentId: '-1', fullName: title, children: main }, ...tables];
}

/** the system fields' times as printed */
const RECORD_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * records of a released form as shown, one per id asked and in that order (an id asked twice prints twice),
 * for printing by `principal` through `through` (the menu the page runs under; a batch's button). A caller who
 * reaches the form through no menu (or no menu granting the button) is refused; a record the caller may not
 * read (outside the data permissions of those menus, deleted) is refused as missing, never printed. Of a
 * record only the fields its form permission grants are filled, less the list columns that column permission
 * keeps from the caller (a sub-table column listed as "<table>-<column>" leaves the table's rows).
 */
export async function printableRecords(
  app: AppContext,
  principal: Pick<Principal, 'userId' | 'isAdministrator'>,
  modelId: string,
  ids: readonly string[],
  lang: Language,
  through: Through = {},
): Promise<Record<string, unknown>[]> {
  const access = await runtimeAccess(app, principal, modelId);
  const model = await runtimeModel(app, modelId, false);
  if (model.webType === 1 && !access.designer) throw refuse('noPermission');
  if (!access.reaches({ menuId: through.menuId })) throw refuse('noPermission');
  if (through.button && !access.reaches(through)) throw refuse(m.printButtonRefused);
  const view = formView(model, access.grantedForm(through));
  const fields = withoutHiddenColumns(view.fields, model, access, through.menuId);
  const scope = await access.recordScope(scopeColumns(model), through);
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await app.db
        .select()
        .from(visualRecord)
        .where(and(eq(visualRecord.modelId, model.id), inArray(visualRecord.id, unique), scope))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (unique.some((id) => !byId.has(id))) throw refuse('notFound');
  const ctx = await displayContext(app, model, rows, lang, undefined, undefined, callerOf(principal));
  const creatorIds = [...new Set(rows.map((r) => r.creatorUserId).filter((u): u is string => !!u))];
  const creators = new Map(
    creatorIds.length
      ? (
          await app.db
            .select({ id: user.id, realName: user.realName, account: user.account })
            .from(user)
            .where(inArray(user.id, creatorIds))
        ).map((u) => [u.id, `${u.realName}/${u.account}`])
      : [],
  );
  const printed = new Map(
    rows.map((row) => [
      row.id,
      {
        // each sub-table a list, an empty one too: a template's repeating table prints its header and no row
        ...displayRecord(fields, row.data, ctx, row.creatorUserId),
        id: row.id,
        creatorUserName: creators.get(row.creatorUserId ?? '') ?? '',
        creatorTime: printTime(row.creatorTime),
        lastModifyTime: printTime(row.lastModifyTime),
      },
    ]),
  );
  return ids.map((id) => printed.get(id)!);
}

/** a record's system time as printed: epoch ms → "YYYY-MM-DD HH:mm:ss", none → "" */
export const printTime = (ms: number | null | undefined) =>
  typeof ms === 'number' && Number.isFinite(ms) ? formatMs(ms, RECORD_TIME_FORMAT) : '';

/**
 * the form's fields less the list columns column permission keeps from the caller (designers and lists not
 * checking columns: all); a field that is no list column is the form permission's alone
 */
function withoutHiddenColumns(
  fields: FieldConfig[],
  model: Model,
  access: RuntimeAccess,
  menuId: string | undefined,
): FieldConfig[] {
  if (model.list.useColumnPermission !== true || access.designer) return fields;
  const granted = access.grantedColumns(menuId);
  const listed = Array.isArray(model.list.columnList) ? model.list.columnList : [];
  const hidden = new Set(
    listed.map((c) => c?.prop).filter((p): p is string => typeof p === 'string' && !granted.has(p)),
  );
  if (!hidden.size) return fields;
  return fields.flatMap((field) => {
    if (hidden.has(field.__vModel__)) return [];
    if (!isSubTableKey(field.__config__.jnpfKey)) return [field];
    const children = subTableColumns(field).filter((c) => !hidden.has(columnCode(field.__vModel__, c.__vModel__)));
    return [{ ...field, __config__: { ...field.__config__, children } }];
  });
}
