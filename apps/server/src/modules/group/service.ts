// User groups (分组): a name, a code and a group-type dictionary item; users join them through base_user_relation.
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { userGroup } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { deleteAudited, refusingDuplicate, createRow, toggleEnabled, updateRow } from '../../platform/crud.js';
import { refuse } from '../../platform/errors.js';
import { memberIds, removeRelationsTo } from '../organize/index.js';
import { dictionaryItems } from '../dictionary/index.js';
import { GROUP_TYPE_DICTIONARY } from './menus.js';
import { m } from './messages.js';

const MODULE = 'group';

export interface GroupInput {
  fullName: string;
  enCode: string;
  type: string;
  enabledMark: number;
  sortCode?: number | null;
  description: string | null;
  version?: number | null;
}

async function checkInput(tx: Tx, input: GroupInput, selfId: string | null) {
  const types = await dictionaryItems(tx, GROUP_TYPE_DICTIONARY);
  if (!types.some((t) => t.id === input.type)) throw refuse(m.typeMissing);
  const others = selfId ? ne(userGroup.id, selfId) : undefined;
  const [sameName] = await tx
    .select({ id: userGroup.id })
    .from(userGroup)
    .where(and(eq(userGroup.fullName, input.fullName), others))
    .limit(1);
  if (sameName) throw refuse('nameExists');
  const [sameCode] = await tx
    .select({ id: userGroup.id })
    .from(userGroup)
    .where(and(eq(userGroup.enCode, input.enCode), others))
    .limit(1);
  if (sameCode) throw refuse('codeExists');
}

const valuesOf = (input: GroupInput) => ({
  fullName: input.fullName,
  enCode: input.enCode,
  type: input.type,
  enabledMark: input.enabledMark,
  sortCode: input.sortCode ?? 0,
  description: input.description,
});

export async function createGroup(app: AppContext, actor: AuditActor, input: GroupInput): Promise<string> {
  return refusingDuplicate('base_group_code_uq', 'codeExists', () =>
    createRow(app.db, userGroup, { actor, moduleName: MODULE }, async (tx) => {
      await checkInput(tx, input, null);
      return valuesOf(input);
    }),
  );
}

export async function updateGroup(app: AppContext, actor: AuditActor, id: string, input: GroupInput) {
  let renamed = false;
  await refusingDuplicate('base_group_code_uq', 'codeExists', () =>
    updateRow(app.db, userGroup, id, input.version, { actor, moduleName: MODULE }, async (tx) => {
      const [current] = await tx.select().from(userGroup).where(eq(userGroup.id, id)).limit(1).for('update');
      if (!current) throw refuse(m.updateNotFound);
      await checkInput(tx, input, id);
      renamed = current.fullName !== input.fullName;
      return valuesOf(input);
    }),
  );
  if (renamed) await app.directory.changed('*');
}

/** deletes the group and its memberships (the reference refuses nothing here) */
export async function deleteGroup(app: AppContext, actor: AuditActor, id: string) {
  const members = await app.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: userGroup.id }).from(userGroup).where(eq(userGroup.id, id)).for('update');
    if (!current) throw refuse('deleteNotFound');
    const ids = await memberIds(tx, 'Group', [id]);
    await removeRelationsTo(tx, 'Group', id);
    await deleteAudited(tx, userGroup, id, { actor, moduleName: MODULE });
    return ids;
  });
  for (const userId of members) {
    await app.directory.changed(userId);
    await app.grants.changed(userId);
  }
}

export async function toggleGroup(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction((tx) => toggleEnabled(tx, userGroup, id, { actor, moduleName: MODULE, action: 'state' }));
  await app.grants.changed('*');
}
