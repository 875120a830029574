// Data interfaces (数据接口): the records and their rules — name and code unique, a known category, the
// configuration of the kind checked (SQL words, static JSON, API address), writing SQL for administrators only.
import { eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { dataInterface, dataInterfaceVariate, dataSource } from '../../db/schema/index.js';
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
import { refuse } from '../../platform/errors.js';
import {
  codeField,
  enabledMarkField,
  flag01,
  integerIn,
  jsonText,
  NAME_MAX,
  nameField,
  requiredText,
  sortCodeField,
  textField,
  versionField,
} from '../../platform/fields.js';
import { newId } from '../../platform/ids.js';
import { msg } from '../../platform/validation.js';
import { dictionaryItems, dictionaryMessages as dm } from '../dictionary/index.js';
import { PLATFORM_SOURCE } from './connect.js';
import { DATA_INTERFACE_TYPE } from './menus.js';
import { m } from './messages.js';
import { configOf, isWriting, paramsOf, TYPE_API, TYPE_SQL, TYPE_STATIC, type InterfaceRow } from './model.js';
import { checkSqlText } from './runtime.js';

const MODULE = 'dataInterface';

const scriptText = z
  .string()
  .max(50_000)
  .nullish()
  .transform((v) => (v?.trim() ? v : null));

export const interfaceFields = {
  fullName: nameField(),
  enCode: codeField(),
  category: requiredText(m.categoryRequired, 64),
  type: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(1), z.literal(2), z.literal(3)], { error: msg(m.typeInvalid) }),
  ),
  hasPage: flag01(0),
  action: integerIn(0, 4, m.typeInvalid, 3),
  isPostPosition: flag01(0),
  parameterJson: jsonText(100_000),
  fieldJson: jsonText(100_000),
  dataConfigJson: jsonText(2_000_000),
  dataCountJson: scriptText,
  dataEchoJson: scriptText,
  dataJsJson: scriptText,
  dataExceptionJson: scriptText,
  sortCode: sortCodeField,
  enabledMark: enabledMarkField,
  description: textField(500),
};
export const interfaceBody = z.object({ ...interfaceFields, version: versionField });
export type InterfaceInput = z.infer<typeof interfaceBody>;

export async function interfaceById(db: Db, id: string): Promise<InterfaceRow | undefined> {
  const [row] = await db.select().from(dataInterface).where(eq(dataInterface.id, id)).limit(1);
  return row;
}

export const interfaceInfo = (r: InterfaceRow) => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category,
  type: r.type,
  hasPage: r.hasPage,
  action: r.action,
  isPostPosition: r.isPostPosition,
  parameterJson: r.parameterJson ?? '',
  fieldJson: r.fieldJson ?? '',
  dataConfigJson: r.dataConfigJson ?? '',
  dataCountJson: r.dataCountJson ?? '',
  dataEchoJson: r.dataEchoJson ?? '',
  dataJsJson: r.dataJsJson ?? '',
  dataExceptionJson: r.dataExceptionJson ?? '',
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description ?? '',
  creatorTime: r.creatorTime,
  lastModifyTime: r.lastModifyTime,
  version: r.version,
});

/** the configuration of the interface's kind must be usable; SQL is checked for refused words */
async function checkInput(tx: Tx, input: Omit<InterfaceInput, 'version'>, isAdministrator: boolean) {
  const categories = await dictionaryItems(tx, DATA_INTERFACE_TYPE);
  if (!categories.some((c) => c.id === input.category)) throw refuse(m.categoryMissing);
  if (isWriting(input.action) && (input.type !== TYPE_SQL || !isAdministrator)) throw refuse(m.writeAdminOnly);
  const row = input as unknown as InterfaceRow;
  paramsOf(row);
  const config = configOf(row);
  if (input.type === TYPE_SQL) {
    const sql = config.sqlData?.sql ?? '';
    const dbLinkId = config.sqlData?.dbLinkId || PLATFORM_SOURCE;
    const writing = isWriting(input.action);
    let dialect: 'postgres' | 'mysql' = 'postgres';
    if (dbLinkId !== PLATFORM_SOURCE) {
      const [source] = await tx
        .select({ dbType: dataSource.dbType })
        .from(dataSource)
        .where(eq(dataSource.id, dbLinkId));
      if (!source) throw refuse(m.sourceNotFound);
      if (source.dbType === 'MySQL') dialect = 'mysql';
    }
    checkSqlText(sql, dbLinkId, writing, dialect);
    if (input.dataCountJson) checkSqlText(input.dataCountJson, dbLinkId, false, dialect);
    if (input.dataEchoJson) checkSqlText(input.dataEchoJson, dbLinkId, false, dialect);
  } else if (input.type === TYPE_STATIC) {
    const s = config.staticData;
    if (typeof s === 'string' && s.trim()) {
      try {
        JSON.parse(s);
      } catch {
        throw refuse(m.staticInvalid);
      }
    }
  } else if (input.type === TYPE_API) {
    const url = config.apiData?.url ?? '';
    if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) throw refuse(m.httpUrlInvalid);
  }
}

const valuesOf = (input: Omit<InterfaceInput, 'version'>) => ({
  fullName: input.fullName,
  enCode: input.enCode,
  category: input.category,
  type: input.type,
  hasPage: input.hasPage,
  action: input.action ?? 3,
  isPostPosition: input.isPostPosition,
  parameterJson: input.parameterJson,
  fieldJson: input.fieldJson,
  dataConfigJson: input.dataConfigJson,
  dataCountJson: input.dataCountJson,
  dataEchoJson: input.dataEchoJson,
  dataJsJson: input.dataJsJson,
  dataExceptionJson: input.dataExceptionJson,
  sortCode: input.sortCode ?? 0,
  enabledMark: input.enabledMark,
  description: input.description,
});

export async function createInterface(
  app: AppContext,
  actor: AuditActor,
  input: InterfaceInput,
  isAdministrator: boolean,
) {
  return refusingDuplicate('base_data_interface_code_uq', 'codeExists', () =>
    createRow(app.db, dataInterface, { actor, moduleName: MODULE }, async (tx) => {
      await refuseTakenNameOrCode(tx, dataInterface, input);
      await checkInput(tx, input, isAdministrator);
      return valuesOf(input);
    }),
  );
}

export async function updateInterface(
  app: AppContext,
  actor: AuditActor,
  id: string,
  input: InterfaceInput,
  isAdministrator: boolean,
) {
  await refusingDuplicate('base_data_interface_code_uq', 'codeExists', () =>
    updateRow(app.db, dataInterface, id, input.version, { actor, moduleName: MODULE }, async (tx) => {
      const [current] = await tx.select().from(dataInterface).where(eq(dataInterface.id, id)).for('update');
      if (!current) throw refuse('updateNotFound');
      // a writing interface stays the administrators' to change
      if (isWriting(current.action) && !isAdministrator) throw refuse(m.writeAdminOnly);
      await refuseTakenNameOrCode(tx, dataInterface, { ...input, id });
      await checkInput(tx, input, isAdministrator);
      return valuesOf(input);
    }),
  );
}

export async function deleteInterface(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: dataInterface.id })
      .from(dataInterface)
      .where(eq(dataInterface.id, id))
      .for('update');
    if (!current) throw refuse('deleteNotFound');
    await tx.delete(dataInterfaceVariate).where(eq(dataInterfaceVariate.interfaceId, id));
    await deleteAudited(tx, dataInterface, id, { actor, moduleName: MODULE });
  });
}

export async function toggleInterface(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction((tx) =>
    toggleEnabled(tx, dataInterface, id, { actor, moduleName: MODULE, action: 'state' }),
  );
}

/** a disabled copy: "<name>.副本xxxxx", "<code>.xxxxx" */
export async function copyInterface(app: AppContext, actor: AuditActor, id: string): Promise<string> {
  return app.db.transaction((tx) =>
    copyDisabled(tx, dataInterface, id, {
      max: NAME_MAX,
      notFound: m.copyNotFound,
      tooLong: dm.importCopyTooLong,
      audit: { actor, moduleName: MODULE },
    }),
  );
}

// ------------------------------------------------------------------------------------------- exchange file

export const BDI_FORMAT = 'jnpf-data-interface';
export const BDI_VERSION = 1;
export const BDI_EXTENSION = '.bdi';
export const BDI_MAX_BYTES = 4 * 1024 * 1024;

export const bdiDocument = z.object({
  format: z.literal(BDI_FORMAT),
  version: z.literal(BDI_VERSION),
  exportedAt: z.number().int().nonnegative(),
  dataInterface: z.object(interfaceFields),
  variates: z
    .array(
      z.object({
        fullName: z.string().min(1).max(NAME_MAX),
        expression: z.string().max(50_000).nullish(),
        value: z.string().max(50_000).nullish(),
      }),
    )
    .max(200)
    .default([]),
});
export type BdiDocument = z.infer<typeof bdiDocument>;

export async function exportDocument(db: Db, row: InterfaceRow) {
  const variates = await db.select().from(dataInterfaceVariate).where(eq(dataInterfaceVariate.interfaceId, row.id));
  const info = interfaceInfo(row);
  return {
    format: BDI_FORMAT,
    version: BDI_VERSION,
    exportedAt: Date.now(),
    dataInterface: {
      fullName: info.fullName,
      enCode: info.enCode,
      category: info.category,
      type: info.type,
      hasPage: info.hasPage,
      action: info.action,
      isPostPosition: info.isPostPosition,
      parameterJson: row.parameterJson,
      fieldJson: row.fieldJson,
      dataConfigJson: row.dataConfigJson,
      dataCountJson: row.dataCountJson,
      dataEchoJson: row.dataEchoJson,
      dataJsJson: row.dataJsJson,
      dataExceptionJson: row.dataExceptionJson,
      sortCode: info.sortCode,
      enabledMark: info.enabledMark,
      description: info.description,
    },
    variates: variates.map((v) => ({ fullName: v.fullName, expression: v.expression, value: v.value })),
  };
}

/** imports a .bdi file: 0 skips a clash of name or code, 1 appends a copy; variables whose name is taken are skipped */
export async function importDocument(
  tx: Tx,
  actor: AuditActor,
  doc: BdiDocument,
  mode: 0 | 1,
  isAdministrator: boolean,
) {
  const input = { ...doc.dataInterface };
  const [clash] = await tx
    .select({ id: dataInterface.id })
    .from(dataInterface)
    .where(or(eq(dataInterface.fullName, input.fullName), eq(dataInterface.enCode, input.enCode)))
    .limit(1);
  if (clash && mode === 0) return { snum: 0, fnum: 1, id: null as string | null };
  if (clash) {
    const names = copyNames(input, NAME_MAX);
    if (!names) throw refuse(dm.importCopyTooLong);
    Object.assign(input, names);
  }
  await checkInput(tx, input, isAdministrator);
  const id = newId();
  await insertAudited(
    tx,
    dataInterface,
    { ...valuesOf(input), id, creatorTime: Date.now(), creatorUserId: actor.userId },
    { actor, moduleName: MODULE, action: 'import', recordId: id },
  );
  for (const v of doc.variates) {
    const [taken] = await tx
      .select({ id: dataInterfaceVariate.id })
      .from(dataInterfaceVariate)
      .where(eq(dataInterfaceVariate.fullName, v.fullName));
    if (taken || v.fullName.includes('@')) continue;
    await tx.insert(dataInterfaceVariate).values({
      id: newId(),
      interfaceId: id,
      fullName: v.fullName,
      expression: v.expression ?? null,
      value: v.value ?? null,
      creatorTime: Date.now(),
      creatorUserId: actor.userId,
    });
  }
  return { snum: 1, fnum: 0, id };
}
