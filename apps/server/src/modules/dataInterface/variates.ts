// Interface variables (接口变量, §6.2): a named value an API interface can send (a token), computed by an
// expression over another interface's result in the sandbox when used.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, ilike } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { dataInterface, dataInterfaceVariate } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { createRow, deleteAudited, insertAudited, updateRow } from '../../platform/crud.js';
import { refuse } from '../../platform/errors.js';
import { NAME_MAX, requiredText, versionField } from '../../platform/fields.js';
import { newId } from '../../platform/ids.js';
import { containsPattern } from '../../platform/paging.js';
import { msg } from '../../platform/validation.js';
import { dictionaryMessages as dm } from '../dictionary/index.js';
import { m } from './messages.js';

const MODULE = 'dataInterfaceVariate';
export type VariateRow = typeof dataInterfaceVariate.$inferSelect;

export const variateBody = z.object({
  interfaceId: requiredText(m.interfaceRequired, 64),
  fullName: requiredText(m.variateNameRequired, NAME_MAX).refine((v) => !v.includes('@'), msg(m.variateNameAt)),
  expression: z
    .string()
    .max(50_000)
    .nullish()
    .transform((v) => v ?? null),
  value: z
    .string()
    .max(50_000)
    .nullish()
    .transform((v) => v ?? null),
  version: versionField,
});
export type VariateInput = z.infer<typeof variateBody>;

export async function variateById(db: Db, id: string) {
  const [row] = await db.select().from(dataInterfaceVariate).where(eq(dataInterfaceVariate.id, id)).limit(1);
  return row;
}

export const variateInfo = (v: VariateRow) => ({
  id: v.id,
  interfaceId: v.interfaceId,
  fullName: v.fullName,
  expression: v.expression ?? '',
  value: v.value ?? '',
  creatorTime: v.creatorTime,
  lastModifyTime: v.lastModifyTime,
  version: v.version,
});

export async function listVariates(db: Db, interfaceId: string, keyword: string) {
  return db
    .select()
    .from(dataInterfaceVariate)
    .where(
      and(
        eq(dataInterfaceVariate.interfaceId, interfaceId),
        keyword ? ilike(dataInterfaceVariate.fullName, containsPattern(keyword)) : undefined,
      ),
    )
    .orderBy(asc(dataInterfaceVariate.creatorTime));
}

/** interfaces with their variables (bare array tree) */
export async function variateSelector(db: Db) {
  const [interfaces, variates] = await Promise.all([
    db
      .select({ id: dataInterface.id, fullName: dataInterface.fullName })
      .from(dataInterface)
      .orderBy(asc(dataInterface.sortCode)),
    db.select().from(dataInterfaceVariate).orderBy(asc(dataInterfaceVariate.creatorTime)),
  ]);
  return interfaces
    .map((i) => ({
      id: i.id,
      fullName: i.fullName,
      parentId: '-1',
      type: 0,
      children: variates
        .filter((v) => v.interfaceId === i.id)
        .map((v) => ({ id: v.id, fullName: v.fullName, parentId: i.id, type: 1, hasChildren: false, children: [] })),
    }))
    .filter((i) => i.children.length > 0)
    .map((i) => ({ ...i, hasChildren: true }));
}

async function check(tx: Tx, input: Pick<VariateInput, 'interfaceId' | 'fullName'>, selfId: string | null) {
  const [owner] = await tx
    .select({ id: dataInterface.id })
    .from(dataInterface)
    .where(eq(dataInterface.id, input.interfaceId));
  if (!owner) throw refuse(m.interfaceMissing);
  const [taken] = await tx
    .select({ id: dataInterfaceVariate.id })
    .from(dataInterfaceVariate)
    .where(eq(dataInterfaceVariate.fullName, input.fullName));
  if (taken && taken.id !== selfId) throw refuse(m.variateExists);
}

export function createVariate(app: AppContext, actor: AuditActor, input: VariateInput) {
  return createRow(app.db, dataInterfaceVariate, { actor, moduleName: MODULE }, async (tx) => {
    await check(tx, input, null);
    return {
      interfaceId: input.interfaceId,
      fullName: input.fullName,
      expression: input.expression,
      value: input.value,
    };
  });
}

export async function updateVariate(app: AppContext, actor: AuditActor, id: string, input: VariateInput) {
  await updateRow(app.db, dataInterfaceVariate, id, input.version, { actor, moduleName: MODULE }, async (tx) => {
    const [current] = await tx
      .select({ id: dataInterfaceVariate.id })
      .from(dataInterfaceVariate)
      .where(eq(dataInterfaceVariate.id, id))
      .for('update');
    if (!current) throw refuse('updateNotFound');
    await check(tx, input, id);
    return {
      interfaceId: input.interfaceId,
      fullName: input.fullName,
      expression: input.expression,
      value: input.value,
    };
  });
}

export async function deleteVariate(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: dataInterfaceVariate.id })
      .from(dataInterfaceVariate)
      .where(eq(dataInterfaceVariate.id, id))
      .for('update');
    if (!current) throw refuse('deleteNotFound');
    await deleteAudited(tx, dataInterfaceVariate, id, { actor, moduleName: MODULE });
  });
}

/** a copy named "<name>.副本xxxxx" */
export async function copyVariate(app: AppContext, actor: AuditActor, id: string) {
  return app.db.transaction(async (tx) => {
    const [v] = await tx.select().from(dataInterfaceVariate).where(eq(dataInterfaceVariate.id, id));
    if (!v) throw refuse(m.copyNotFound);
    const fullName = `${v.fullName}.副本${randomBytes(4).toString('hex').slice(0, 5)}`;
    if (fullName.length > NAME_MAX) throw refuse(dm.importCopyTooLong);
    const copyId = newId();
    await insertAudited(
      tx,
      dataInterfaceVariate,
      {
        id: copyId,
        interfaceId: v.interfaceId,
        fullName,
        expression: v.expression,
        value: v.value,
        creatorTime: Date.now(),
        creatorUserId: actor.userId,
      },
      { actor, moduleName: MODULE, action: 'copy', recordId: copyId },
    );
    return copyId;
  });
}

export const BDV_FORMAT = 'jnpf-data-interface-variate';
export const BDV_VERSION = 1;
export const BDV_EXTENSION = '.bdv';
export const bdvDocument = z.object({
  format: z.literal(BDV_FORMAT),
  version: z.literal(BDV_VERSION),
  exportedAt: z.number().int().nonnegative(),
  variate: z.object({
    interfaceId: z.string().min(1).max(64),
    interfaceEnCode: z.string().max(NAME_MAX).nullish(),
    fullName: z.string().min(1).max(NAME_MAX),
    expression: z.string().max(50_000).nullish(),
    value: z.string().max(50_000).nullish(),
  }),
});
export type BdvDocument = z.infer<typeof bdvDocument>;

export async function variateDocument(db: Db, v: VariateRow) {
  const [owner] = await db
    .select({ enCode: dataInterface.enCode })
    .from(dataInterface)
    .where(eq(dataInterface.id, v.interfaceId));
  return {
    format: BDV_FORMAT,
    version: BDV_VERSION,
    exportedAt: Date.now(),
    variate: {
      interfaceId: v.interfaceId,
      interfaceEnCode: owner?.enCode ?? null,
      fullName: v.fullName,
      expression: v.expression,
      value: v.value,
    },
  };
}

export async function importVariate(tx: Tx, actor: AuditActor, doc: BdvDocument, mode: 0 | 1) {
  const v = { ...doc.variate };
  const [owner] = await tx
    .select({ id: dataInterface.id })
    .from(dataInterface)
    .where(eq(dataInterface.id, v.interfaceId))
    .then(async (rows) =>
      rows.length || !v.interfaceEnCode
        ? rows
        : tx.select({ id: dataInterface.id }).from(dataInterface).where(eq(dataInterface.enCode, v.interfaceEnCode)),
    );
  if (!owner) throw refuse(m.interfaceMissing);
  if (v.fullName.includes('@')) throw refuse(m.variateNameAt);
  const [taken] = await tx
    .select({ id: dataInterfaceVariate.id })
    .from(dataInterfaceVariate)
    .where(eq(dataInterfaceVariate.fullName, v.fullName));
  if (taken && mode === 0) return { snum: 0, fnum: 1 };
  if (taken) v.fullName = `${v.fullName}.副本${randomBytes(4).toString('hex').slice(0, 5)}`;
  if (v.fullName.length > NAME_MAX) throw refuse(dm.importCopyTooLong);
  const id = newId();
  await insertAudited(
    tx,
    dataInterfaceVariate,
    {
      id,
      interfaceId: owner.id,
      fullName: v.fullName,
      expression: v.expression ?? null,
      value: v.value ?? null,
      creatorTime: Date.now(),
      creatorUserId: actor.userId,
    },
    { actor, moduleName: MODULE, action: 'import', recordId: id },
  );
  return { snum: 1, fnum: 0 };
}
