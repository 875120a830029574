// User groups (分组): a name, a code and a group-type dictionary item; users join them through base_user_relation.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { userGroup } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { deleteAudited, refusingDuplicate, createRow, toggleEnabled, updateRow } from '../../platform/crud.js';
import { refuse } from '../../platform/errors.js';
import { formTailValues, memberIds, refuseTakenName, removeRelationsTo, type FormTail } from '../organize/index.js';
import { dictionaryItems } from '../dictionary/index.js';
import { GROUP_TYPE_DICTIONARY } from './menus.js';
import { m } from './messages.js';

const MODULE = 'group';

export interface GroupInput extends FormTail {
  fullName: string;
  enCode: string;
  type: string;
}

async function checkInput(tx: Tx, input: GroupInput, selfId: string | null) {
  const types = await dictionaryItems(tx, GROUP_TYPE_DICTIONARY);
  if (!types.some((t) => t.id === input.type)) throw refuse(m.typeMissing);
  await refuseTakenName(tx, userGroup, input, selfId, { nameExists: 'nameExists', codeExists: 'codeExists' });
}

const valuesOf = (input: GroupInput) => ({
  fullName: input.fullName,
  enCode: input.enCode,
  type: input.type,
  ...formTailValues(input),
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
