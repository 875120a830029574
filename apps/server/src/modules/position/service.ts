// Positions: each belongs to one organisation; its type is a PositionType dictionary code.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { organize, position } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { deleteAudited, refusingDuplicate, createRow, toggleEnabled, updateRow } from '../../platform/crud.js';
import { refuse } from '../../platform/errors.js';
import { formTailValues, hasMembers, refuseTakenName, type FormTail } from '../organize/index.js';
import { dictionaryItems } from '../dictionary/index.js';
import { POSITION_TYPE_DICTIONARY } from './menus.js';
import { m } from './messages.js';

const MODULE = 'position';

export interface PositionInput extends FormTail {
  organizeId: string;
  fullName: string;
  enCode: string;
  type: string;
}

async function checkInput(tx: Tx, input: PositionInput, selfId: string | null) {
  // the organisation cannot be deleted while this transaction holds it
  const [org] = await tx
    .select({ id: organize.id })
    .from(organize)
    .where(eq(organize.id, input.organizeId))
    .limit(1)
    .for('share');
  if (!org) throw refuse(m.organizeMissing);
  const types = await dictionaryItems(tx, POSITION_TYPE_DICTIONARY);
  if (types.length && !types.some((t) => t.enCode === input.type)) throw refuse(m.typeMissing);
  await refuseTakenName(tx, position, input, selfId, {
    nameExists: m.nameExists,
    codeExists: m.codeExists,
    nameScope: eq(position.organizeId, input.organizeId),
  });
}

const valuesOf = (input: PositionInput) => ({
  organizeId: input.organizeId,
  fullName: input.fullName,
  enCode: input.enCode,
  type: input.type,
  ...formTailValues(input),
});

export async function createPosition(app: AppContext, actor: AuditActor, input: PositionInput): Promise<string> {
  return refusingDuplicate('base_position_code_uq', m.codeExists, () =>
    createRow(app.db, position, { actor, moduleName: MODULE }, async (tx) => {
      await checkInput(tx, input, null);
      return valuesOf(input);
    }),
  );
}

export async function updatePosition(app: AppContext, actor: AuditActor, id: string, input: PositionInput) {
  let renamed = false;
  await refusingDuplicate('base_position_code_uq', m.codeExists, () =>
    updateRow(app.db, position, id, input.version, { actor, moduleName: MODULE }, async (tx) => {
      const [current] = await tx.select().from(position).where(eq(position.id, id)).limit(1).for('update');
      if (!current) throw refuse('updateNotFound');
      if (current.organizeId !== input.organizeId && (await hasMembers(tx, 'Position', id)))
        throw refuse(m.boundCannotMove);
      await checkInput(tx, input, id);
      renamed = current.fullName !== input.fullName || current.organizeId !== input.organizeId;
      return valuesOf(input);
    }),
  );
  // cached user profiles carry position names
  if (renamed) await app.directory.changed('*');
}

export async function deletePosition(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: position.id }).from(position).where(eq(position.id, id)).for('update');
    if (!current) throw refuse('deleteNotFound');
    if (await hasMembers(tx, 'Position', id)) throw refuse(m.boundCannotDelete);
    await deleteAudited(tx, position, id, { actor, moduleName: MODULE });
  });
}

export async function togglePosition(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction((tx) => toggleEnabled(tx, position, id, { actor, moduleName: MODULE, action: 'state' }));
  // permissions granted through a position may depend on its state
  await app.grants.changed('*');
}
