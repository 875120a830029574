// What a print template reads from a released online form: the field tree its designer inserts placeholders
// from, and records as shown (option labels, names, dates) for a caller — only the records their data
// permissions reach and only the form items their menus grant, exactly as the form's own detail shows them.
import { isSubTableKey, subTableColumns, type FieldConfig, type Language } from '@jnpf/core';
import { inArray, and, eq } from 'drizzle-orm';
import { user, visualRecord } from '../../../db/schema/index.js';
import type { AppContext, Principal } from '../../../platform/context.js';
import { refuse } from '../../../platform/errors.js';
import { m } from '../messages.js';
import { runtimeAccess } from './access.js';
import { displayRecord } from './display.js';
import { formView } from './formAccess.js';
import { parseModel, releasedRow, runtimeModel } from './model.js';
import { callerOf, displayContext } from './records.js';
import { scopeColumns } from './scope.js';

export interface PrintFieldNode {
  id: string;
  parentId: string;
  fullName: string;
  children?: PrintFieldNode[];
}

/** the system fields every record carries, printable beside the form's own */
const RECORD_FIELDS: [string, string][] = [
  ['id', '主键'],
  ['creatorUserName', '创建人'],
  ['creatorTime', '创建时间'],
  ['lastModifyTime', '修改时间'],
];

const labelOf = (f: FieldConfig) =>
  typeof f.__config__.label === 'string' && f.__config__.label ? f.__config__.label : f.__vModel__;

/**
 * the fields of a released form as the print designer lists them: the main table's fields under "headTable",
 * each sub-table as a repeating list under its own name
 */
export async function printFieldTree(app: AppContext, modelId: string): Promise<PrintFieldNode[]> {
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
  for (const [id, fullName] of RECORD_FIELDS) main.push({ id, parentId: 'headTable', fullName });
  return [{ id: 'headTable', parentId: '-1', fullName: `主表:${model.fullName}`, children: main }, ...tables];
}

/**
 * records of a released form as shown, in the order asked, for printing by `principal`. A record the caller
 * may not read (outside their data permissions, of a form they reach through no menu, deleted) is refused as
 * missing, never printed.
 */
export async function printableRecords(
  app: AppContext,
  principal: Pick<Principal, 'userId' | 'isAdministrator'>,
  modelId: string,
  ids: readonly string[],
  lang: Language,
): Promise<Record<string, unknown>[]> {
  const access = await runtimeAccess(app, principal, modelId);
  const model = await runtimeModel(app, modelId, false);
  if (model.webType === 1 && !access.designer) throw refuse('noPermission');
  const view = formView(model, access.grantedForm());
  const scope = await access.recordScope(scopeColumns(model));
  const rows = ids.length
    ? await app.db
        .select()
        .from(visualRecord)
        .where(and(eq(visualRecord.modelId, model.id), inArray(visualRecord.id, [...ids]), scope))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw refuse('notFound');
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
  return ids.map((id) => {
    const row = byId.get(id)!;
    const shown = displayRecord(view.fields, row.data, ctx, row.creatorUserId);
    return {
      ...shown,
      id: row.id,
      creatorUserName: creators.get(row.creatorUserId ?? '') ?? '',
      creatorTime: row.creatorTime,
      lastModifyTime: row.lastModifyTime ?? null,
    };
  });
}
