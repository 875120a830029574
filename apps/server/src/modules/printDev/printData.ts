// The data a template prints: its field tree (Fields) and, for records, {printData, printTemplate,
// operatorRecordList}. SQL templates run through the data interfaces' read-only runner (bound @formId, time
// limit, protected data refused); online-form templates read records through the form's runtime, so a caller
// prints only what they may read there.
import type { ButtonCode, Language } from '@jnpf/core';
import type { AppContext, Principal } from '../../platform/context.js';
import { canUse } from '../../platform/catalogue.js';
import { refuse } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { readQueryColumns, runReadQuery, type CallContext } from '../dataInterface/index.js';
import { printableRecords, printFieldTree, type PrintFieldNode } from '../visualdev/index.js';
import { PRINT_MENU } from './menus.js';
import { m } from './messages.js';
import { checkQueries, SOURCE_FORM, templateById, type TemplateRow } from './templates.js';

/** a batch prints at most this many records */
export const BATCH_MAX = 1_000;
/** rows of one child list of one record */
const CHILD_ROWS_MAX = 5_000;

export interface PrintData {
  printData: Record<string, unknown>;
  printTemplate: string;
  /** the template's page settings (JSON text), so that a page printing without the template screen lays it out */
  pageParam: string;
  /** the approval records of a workflow form (no workflow engine yet: always empty) */
  operatorRecordList: unknown[];
}

const ctxOf = (app: AppContext, principal: Pick<Principal, 'userId' | 'isAdministrator'>): CallContext => ({
  app,
  caller: { userId: principal.userId, isAdministrator: principal.isAdministrator },
});

/** the tables a query names after from/join, for the node's title */
const tablesOf = (sql: string) =>
  [...sql.matchAll(/\b(?:from|join)\s+([A-Za-z_][A-Za-z0-9_."`]*)/gi)].map((t) => t[1]!.replace(/["`]/g, '')).join(',');

/**
 * the field tree of SQL queries: the first is the main record ("headTable", titled "主表:<tables>" in the
 * caller's language), the others T1, T2…
 */
export async function sqlFieldTree(
  app: AppContext,
  principal: Pick<Principal, 'userId' | 'isAdministrator'>,
  dbLinkId: string,
  sqlTemplate: string,
  lang: Language,
): Promise<PrintFieldNode[]> {
  const queries = await checkQueries(app.db, dbLinkId, sqlTemplate);
  const ctx = ctxOf(app, principal);
  const out: PrintFieldNode[] = [];
  for (const [i, sql] of queries.entries()) {
    const id = i === 0 ? 'headTable' : `T${i}`;
    const columns = await readQueryColumns(ctx, dbLinkId, sql);
    out.push({
      id,
      parentId: '-1',
      fullName: `${i === 0 ? t(lang, m.mainTable) : id}:${tablesOf(sql)}`,
      children: columns.map((c) => ({ id: c, parentId: id, fullName: c })),
    });
  }
  return out;
}

export { printFieldTree };

/** does the caller keep the print templates (hold the 打印模板 screen) */
export async function keepsTemplates(
  app: AppContext,
  principal: Pick<Principal, 'userId' | 'isAdministrator'>,
): Promise<boolean> {
  const [grants, cat] = await Promise.all([
    app.grants.forUser(principal.userId, principal.isAdministrator),
    app.catalogue.get(),
  ]);
  return canUse(cat, grants, PRINT_MENU);
}

/** the template for printing: enabled, and for SQL templates only for holders of the template screen */
export async function printable(
  app: AppContext,
  principal: Pick<Principal, 'userId' | 'isAdministrator'>,
  id: string,
): Promise<TemplateRow> {
  const row = await templateById(app.db, id);
  if (!row) throw refuse(m.templateMissing);
  if (row.enabledMark !== 1) throw refuse(m.templateDisabled);
  if (row.sourceType !== SOURCE_FORM) {
    // SQL over the data sources reaches past any form's data permissions: its readers are the template's keepers
    if (!(await keepsTemplates(app, principal))) throw refuse(m.sqlPrintNotAllowed);
  }
  return row;
}

/** how a page prints: the menu it runs under, and for a batch from a list the button that batch needs */
export interface PrintThrough {
  menuId?: string | undefined;
  button?: ButtonCode | undefined;
}

/**
 * the print data of each record, one page per id asked in the order asked (an id asked twice prints twice);
 * any record missing or out of the caller's reach refuses all. An online form's records print as the caller
 * reads them through the menu named (data permissions, form and column permissions).
 */
export async function printDataOf(
  app: AppContext,
  principal: Pick<Principal, 'userId' | 'isAdministrator'>,
  template: TemplateRow,
  ids: readonly string[],
  lang: Language,
  through: PrintThrough = {},
): Promise<PrintData[]> {
  if (!ids.length) throw refuse(m.formIdRequired);
  if (ids.length > BATCH_MAX) throw refuse(m.batchTooLarge, { max: BATCH_MAX });
  const html = template.printTemplate ?? '';
  const pageParam = template.pageParam ?? '';
  if (template.sourceType === SOURCE_FORM) {
    if (!template.formModelId) throw refuse(m.formModelRequired);
    const records = await printableRecords(app, principal, template.formModelId, ids, lang, through).catch(
      (err: unknown) => {
        const key = (err as { key?: string }).key;
        if (key === 'notFound') throw refuse(m.recordMissing);
        if (key === 'noPermission') throw refuse(m.formNotGranted);
        throw err;
      },
    );
    return records.map((printData) => ({ printData, printTemplate: html, pageParam, operatorRecordList: [] }));
  }
  const queries = await checkQueries(app.db, template.dbLinkId, template.sqlTemplate);
  if (!queries.length) throw refuse(m.sqlMainRequired);
  const ctx = ctxOf(app, principal);
  const byId = new Map<string, Record<string, unknown>>();
  for (const formId of new Set(ids)) {
    const [main] = await runReadQuery(ctx, template.dbLinkId, queries[0]!, formId, CHILD_ROWS_MAX);
    if (!main) throw refuse(m.recordMissing);
    const printData: Record<string, unknown> = { ...main };
    for (let i = 1; i < queries.length; i++)
      printData[`T${i}`] = await runReadQuery(ctx, template.dbLinkId, queries[i]!, formId, CHILD_ROWS_MAX);
    byId.set(formId, printData);
  }
  return ids.map((formId) => ({
    printData: byId.get(formId)!,
    printTemplate: html,
    pageParam,
    operatorRecordList: [],
  }));
}
