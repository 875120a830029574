// Print templates (打印模板): the records and their rules — name and code unique, a category of the printDev
// dictionary, the data source checked (each SQL one read-only statement, no protected data, bounded length; or
// a released online form), page settings as JSON; copy, export and import.
import { eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { dataSource, printTemplate } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import {
  copyDisabled,
  copyNames,
  createRow,
  deleteAudited,
  insertAudited,
  refuseTakenNameOrCode,
  refusingDuplicate,
  toggleEnabled,
  updateRow,
} from '../../platform/crud.js';
import { AppError, refuse } from '../../platform/errors.js';
import {
  codeField,
  enabledMarkField,
  NAME_MAX,
  nameField,
  requiredText,
  sortCodeField,
  textField,
  versionField,
} from '../../platform/fields.js';
import { newId } from '../../platform/ids.js';
import { sanitizePrintTemplate } from '../../platform/richText.js';
import { msg } from '../../platform/validation.js';
import { checkSqlText, dataInterfaceMessages, PLATFORM_SOURCE } from '../dataInterface/index.js';
import { dictionaryItems, dictionaryMessages as dm } from '../dictionary/index.js';
import { PRINT_DEV_TYPE } from './menus.js';
import { m } from './messages.js';

const MODULE = 'printDev';
export const SOURCE_SQL = 1;
export const SOURCE_FORM = 2;
/** one query of a template: longer SQL is refused (a template is a report, not a program) */
export const SQL_MAX_CHARS = 10_000;
export const MAX_QUERIES = 20;
const HTML_MAX = 2_000_000;

export type TemplateRow = typeof printTemplate.$inferSelect;

const intOf = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

export const templateFields = {
  fullName: nameField(),
  enCode: codeField(),
  category: requiredText(m.categoryRequired, 64),
  type: z.preprocess(intOf, z.union([z.literal(1), z.literal(2)], { error: msg(m.typeInvalid) })),
  sourceType: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? SOURCE_SQL : intOf(v)),
    z.union([z.literal(SOURCE_SQL), z.literal(SOURCE_FORM)], { error: msg(m.sourceTypeInvalid) }),
  ),
  dbLinkId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || PLATFORM_SOURCE),
  sqlTemplate: z
    .string()
    .max(MAX_QUERIES * (SQL_MAX_CHARS + 100))
    .nullish(),
  formModelId: z.string().trim().max(64).nullish(),
  leftFields: z.string().max(200_000).nullish(),
  printTemplate: z.string().max(HTML_MAX).nullish(),
  pageParam: z.string().max(2_000).nullish(),
  sortCode: sortCodeField,
  enabledMark: enabledMarkField,
  description: textField(),
};

export const templateBody = z.object({ ...templateFields, version: versionField });
export type TemplateInput = z.infer<typeof templateBody>;

/** the queries of sqlTemplate ([{sql}] as JSON text): the main record first, then the child lists */
export function queriesOf(sqlTemplate: string | null | undefined): string[] {
  if (!sqlTemplate?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(sqlTemplate);
  } catch {
    throw refuse(m.sqlTemplateInvalid);
  }
  if (!Array.isArray(parsed)) throw refuse(m.sqlTemplateInvalid);
  if (parsed.length > MAX_QUERIES) throw refuse(m.tooManyQueries, { max: MAX_QUERIES });
  return parsed.map((item: unknown) => {
    const sql = item && typeof item === 'object' ? (item as { sql?: unknown }).sql : undefined;
    if (typeof sql !== 'string') throw refuse(m.sqlTemplateInvalid);
    if (sql.length > SQL_MAX_CHARS) throw refuse(m.sqlTooLong, { max: SQL_MAX_CHARS });
    return sql;
  });
}

/** the dialect of a source, refused when it does not exist */
export async function dialectOf(db: Db | Tx, dbLinkId: string): Promise<'postgres' | 'mysql'> {
  if (dbLinkId === PLATFORM_SOURCE) return 'postgres';
  const [source] = await db.select({ dbType: dataSource.dbType }).from(dataSource).where(eq(dataSource.id, dbLinkId));
  if (!source) throw refuse('dataInterface.sourceNotFound');
  return source.dbType === 'MySQL' ? 'mysql' : 'postgres';
}

/**
 * every query of an SQL template checked as a data interface's would be (writing words, protected data); a
 * writing word is refused in the print templates' own words ("当前查询SQL包含敏感字：…")
 */
export async function checkQueries(db: Db | Tx, dbLinkId: string, sqlTemplate: string | null | undefined) {
  const queries = queriesOf(sqlTemplate);
  const dialect = await dialectOf(db, dbLinkId);
  for (const sql of queries) {
    try {
      checkSqlText(sql, dbLinkId, false, dialect);
    } catch (err) {
      if (err instanceof AppError && err.key === dataInterfaceMessages.sensitiveWord)
        throw refuse(m.sqlSensitive, err.params);
      throw err;
    }
  }
  return queries;
}

async function checkInput(tx: Tx, input: Omit<TemplateInput, 'version'>) {
  const categories = await dictionaryItems(tx, PRINT_DEV_TYPE);
  if (!categories.some((c) => c.enCode === input.category)) throw refuse(m.categoryMissing);
  if (input.pageParam?.trim()) {
    try {
      const page: unknown = JSON.parse(input.pageParam);
      if (!page || typeof page !== 'object' || Array.isArray(page)) throw new Error('not an object');
    } catch {
      throw refuse(m.pageParamInvalid);
    }
  }
  if (input.sourceType === SOURCE_FORM) {
    if (!input.formModelId) throw refuse(m.formModelRequired);
  } else {
    // the SQL may still be being written: an empty template saves, a written one must pass the checks
    await checkQueries(tx, input.dbLinkId, input.sqlTemplate);
  }
}

const valuesOf = (input: Omit<TemplateInput, 'version'>) => ({
  fullName: input.fullName,
  enCode: input.enCode,
  category: input.category,
  type: input.type,
  sourceType: input.sourceType,
  dbLinkId: input.dbLinkId,
  sqlTemplate: input.sqlTemplate ?? null,
  formModelId: input.sourceType === SOURCE_FORM ? (input.formModelId ?? null) : null,
  leftFields: input.leftFields ?? null,
  // the body is rich text shown and printed in browsers: stored through the allow-list, placeholders kept
  printTemplate: input.printTemplate ? sanitizePrintTemplate(input.printTemplate) : null,
  pageParam: input.pageParam ?? null,
  sortCode: input.sortCode ?? 0,
  enabledMark: input.enabledMark,
  description: input.description,
});

export async function templateById(db: Db, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(printTemplate).where(eq(printTemplate.id, id)).limit(1);
  return row;
}

/** the stored entity as the reference's info answers it */
export const templateInfo = (r: TemplateRow) => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category,
  type: r.type,
  sourceType: r.sourceType,
  dbLinkId: r.dbLinkId,
  sqlTemplate: r.sqlTemplate ?? '',
  formModelId: r.formModelId ?? '',
  leftFields: r.leftFields ?? '',
  printTemplate: r.printTemplate ?? '',
  pageParam: r.pageParam ?? '',
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description ?? '',
  creatorTime: r.creatorTime,
  creatorUserId: r.creatorUserId,
  lastModifyTime: r.lastModifyTime,
  lastModifyUserId: r.lastModifyUserId,
  version: r.version,
});

export async function createTemplate(app: AppContext, actor: AuditActor, input: TemplateInput) {
  return refusingDuplicate('base_print_template_code_uq', 'codeExists', () =>
    createRow(app.db, printTemplate, { actor, moduleName: MODULE }, async (tx) => {
      await refuseTakenNameOrCode(tx, printTemplate, input);
      await checkInput(tx, input);
      return valuesOf(input);
    }),
  );
}

export async function updateTemplate(app: AppContext, actor: AuditActor, id: string, input: TemplateInput) {
  await refusingDuplicate('base_print_template_code_uq', 'codeExists', () =>
    updateRow(app.db, printTemplate, id, input.version, { actor, moduleName: MODULE }, async (tx) => {
      await refuseTakenNameOrCode(tx, printTemplate, { ...input, id });
      await checkInput(tx, input);
      return valuesOf(input);
    }),
  );
}

export async function deleteTemplate(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: printTemplate.id })
      .from(printTemplate)
      .where(eq(printTemplate.id, id))
      .for('update');
    if (!current) throw refuse('deleteNotFound');
    await deleteAudited(tx, printTemplate, id, { actor, moduleName: MODULE });
  });
}

export async function toggleTemplate(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction((tx) =>
    toggleEnabled(tx, printTemplate, id, { actor, moduleName: MODULE, action: 'state' }),
  );
}

/** a disabled copy: "<name>.副本xxxxx", "<code>.xxxxx" */
export async function copyTemplate(app: AppContext, actor: AuditActor, id: string): Promise<string> {
  return app.db.transaction((tx) =>
    copyDisabled(tx, printTemplate, id, {
      max: NAME_MAX,
      notFound: m.copyNotFound,
      tooLong: dm.importCopyTooLong,
      audit: { actor, moduleName: MODULE },
    }),
  );
}

// ------------------------------------------------------------------------------------------- exchange file

export const BPD_FORMAT = 'jnpf-print-template';
export const BPD_VERSION = 1;
export const BPD_EXTENSION = '.bpd';
export const BPD_MAX_BYTES = 4 * 1024 * 1024;

export const bpdDocument = z.object({
  format: z.literal(BPD_FORMAT),
  version: z.literal(BPD_VERSION),
  exportedAt: z.number().int().nonnegative(),
  printTemplate: z.object(templateFields),
});
export type BpdDocument = z.infer<typeof bpdDocument>;

export function exportDocument(_db: Db, row: TemplateRow) {
  const {
    id: _id,
    creatorTime: _c,
    creatorUserId: _u,
    lastModifyTime: _t,
    lastModifyUserId: _m,
    version: _v,
    ...kept
  } = templateInfo(row);
  return Promise.resolve({ format: BPD_FORMAT, version: BPD_VERSION, exportedAt: Date.now(), printTemplate: kept });
}

/** imports a .bpd file: 0 skips a clash of name or code, 1 appends a copy */
export async function importDocument(tx: Tx, actor: AuditActor, doc: BpdDocument, mode: 0 | 1) {
  const input = { ...doc.printTemplate };
  const [clash] = await tx
    .select({ id: printTemplate.id })
    .from(printTemplate)
    .where(or(eq(printTemplate.fullName, input.fullName), eq(printTemplate.enCode, input.enCode)))
    .limit(1);
  if (clash && mode === 0) return { snum: 0, fnum: 1, id: null as string | null };
  if (clash) {
    const names = copyNames(input, NAME_MAX);
    if (!names) throw refuse(dm.importCopyTooLong);
    Object.assign(input, names);
  }
  await checkInput(tx, input);
  const id = newId();
  await insertAudited(
    tx,
    printTemplate,
    { ...valuesOf(input), id, creatorTime: Date.now(), creatorUserId: actor.userId },
    { actor, moduleName: MODULE, action: 'import', recordId: id },
  );
  return { snum: 1, fnum: 0, id };
}
