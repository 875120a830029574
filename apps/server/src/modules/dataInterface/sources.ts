// Data sources (数据连接): outside PostgreSQL and MySQL/MariaDB databases interfaces query. The password is
// stored sealed (secret.ts) and never answered; an update with an empty password keeps the stored one.
import { eq, like, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { dataInterface, dataSource } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { createRow, deleteAudited, refusingDuplicate, toggleEnabled, updateRow } from '../../platform/crud.js';
import { refuse } from '../../platform/errors.js';
import {
  integerIn,
  requiredText,
  sortCodeField,
  enabledMarkField,
  textField,
  versionField,
} from '../../platform/fields.js';
import { msg } from '../../platform/validation.js';
import { dropPool, PLATFORM_SOURCE, type SourceConfig } from './connect.js';
import { m } from './messages.js';
import { openSecret, sealSecret } from './secret.js';

const MODULE = 'dataSource';
export type SourceRow = typeof dataSource.$inferSelect;

export const sourceFields = {
  fullName: requiredText(m.sourceNameRequired, 50),
  dbType: z.enum(['PostgreSQL', 'MySQL'], { error: msg(m.sourceTypeInvalid) }),
  host: requiredText(m.hostRequired, 255).refine((v) => /^[A-Za-z0-9.:\-_[\]]+$/.test(v), msg(m.hostRequired)),
  port: integerIn(1, 65535, m.portInvalid),
  serviceName: requiredText(m.databaseRequired, 128),
  userName: requiredText(m.userRequired, 128),
  password: z
    .string()
    .max(256)
    .nullish()
    .transform((v) => v ?? ''),
  dbSchema: z
    .string()
    .trim()
    .max(128)
    .nullish()
    .transform((v) => v || null),
  connectionLimit: integerIn(1, 50, m.limitInvalid, 5),
  sortCode: sortCodeField,
  enabledMark: enabledMarkField,
  description: textField(500),
};
export const sourceBody = z.object({ ...sourceFields, version: versionField });
export type SourceInput = z.infer<typeof sourceBody>;
export const testBody = z.object({ ...sourceFields, id: z.string().max(64).nullish() });

/** the row as answered: the password never leaves */
export const sourceInfo = (r: SourceRow) => ({
  id: r.id,
  fullName: r.fullName,
  dbType: r.dbType,
  host: r.host,
  port: r.port,
  serviceName: r.serviceName,
  userName: r.userName,
  password: '',
  dbSchema: r.dbSchema ?? '',
  connectionLimit: r.connectionLimit,
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description ?? '',
  creatorTime: r.creatorTime,
  version: r.version,
});

export async function sourceById(db: Db, id: string): Promise<SourceRow | undefined> {
  const [row] = await db.select().from(dataSource).where(eq(dataSource.id, id)).limit(1);
  return row;
}

export const configOf = (app: AppContext, r: SourceRow): SourceConfig => ({
  key: `${r.id}:${r.version}`,
  dbType: r.dbType === 'MySQL' ? 'MySQL' : 'PostgreSQL',
  host: r.host,
  port: r.port,
  serviceName: r.serviceName,
  userName: r.userName,
  password: openSecret(app.config.cipherKey, r.passwordCipher),
  dbSchema: r.dbSchema,
  connectionLimit: r.connectionLimit,
});

/** the connection settings of a test: the stored password when none is typed and the id names a source */
export async function testConfigOf(app: AppContext, input: z.infer<typeof testBody>): Promise<SourceConfig> {
  let password = input.password;
  if (!password && input.id) {
    const stored = await sourceById(app.db, input.id);
    if (stored) password = openSecret(app.config.cipherKey, stored.passwordCipher);
  }
  return {
    key: 'test',
    dbType: input.dbType,
    host: input.host,
    port: input.port,
    serviceName: input.serviceName,
    userName: input.userName,
    password,
    dbSchema: input.dbSchema,
    connectionLimit: 1,
  };
}

const valuesOf = (input: SourceInput) => ({
  fullName: input.fullName,
  dbType: input.dbType,
  host: input.host,
  port: input.port,
  serviceName: input.serviceName,
  userName: input.userName,
  dbSchema: input.dbSchema,
  connectionLimit: input.connectionLimit,
  sortCode: input.sortCode ?? 0,
  enabledMark: input.enabledMark,
  description: input.description,
});

export async function createSource(app: AppContext, actor: AuditActor, input: SourceInput) {
  return refusingDuplicate('base_data_source_name_uq', m.sourceNameExists, () =>
    createRow(app.db, dataSource, { actor, moduleName: MODULE }, async (tx) => {
      const [taken] = await tx
        .select({ id: dataSource.id })
        .from(dataSource)
        .where(eq(dataSource.fullName, input.fullName));
      if (taken) throw refuse(m.sourceNameExists);
      return { ...valuesOf(input), passwordCipher: sealSecret(app.config.cipherKey, input.password) };
    }),
  );
}

export async function updateSource(app: AppContext, actor: AuditActor, id: string, input: SourceInput) {
  await refusingDuplicate('base_data_source_name_uq', m.sourceNameExists, () =>
    updateRow(app.db, dataSource, id, input.version, { actor, moduleName: MODULE }, async (tx) => {
      const [current] = await tx.select().from(dataSource).where(eq(dataSource.id, id)).for('update');
      if (!current) throw refuse('updateNotFound');
      const [taken] = await tx
        .select({ id: dataSource.id })
        .from(dataSource)
        .where(eq(dataSource.fullName, input.fullName));
      if (taken && taken.id !== id) throw refuse(m.sourceNameExists);
      return {
        ...valuesOf(input),
        ...(input.password ? { passwordCipher: sealSecret(app.config.cipherKey, input.password) } : {}),
      };
    }),
  );
  await dropPool(id);
}

/** interfaces whose SQL runs on the source */
async function usedBy(db: Db, id: string) {
  return db
    .select({ id: dataInterface.id })
    .from(dataInterface)
    .where(
      or(
        like(dataInterface.dataConfigJson, `%"dbLinkId":"${id}"%`),
        like(dataInterface.dataConfigJson, `%"dbLinkId": "${id}"%`),
      ),
    )
    .limit(1);
}

export async function deleteSource(app: AppContext, actor: AuditActor, id: string) {
  if (id === PLATFORM_SOURCE) throw refuse('deleteNotFound');
  await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: dataSource.id })
      .from(dataSource)
      .where(eq(dataSource.id, id))
      .for('update');
    if (!current) throw refuse('deleteNotFound');
    if ((await usedBy(tx as unknown as Db, id)).length) throw refuse(m.sourceInUse);
    await deleteAudited(tx, dataSource, id, { actor, moduleName: MODULE });
  });
  await dropPool(id);
}

export async function toggleSource(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction((tx) => toggleEnabled(tx, dataSource, id, { actor, moduleName: MODULE, action: 'state' }));
  await dropPool(id);
}
