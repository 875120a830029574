// Roles: global, or belonging to organisations (base_organize_relation). While users hold a role its type, its
// organisations those users belong to and its state stay as they are, and it cannot be deleted.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { organize, organizeRelation, role, userRelation } from '../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import {
  deleteAudited,
  insertAudited,
  refusingDuplicate,
  updateVersioned,
  toggleEnabled,
} from '../../platform/crud.js';
import { refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { formTailValues, hasMembers, refuseTakenName, type FormTail } from '../organize/index.js';
import { m } from './messages.js';

const MODULE = 'role';
const RELATION = 'Role';

export interface RoleInput extends FormTail {
  fullName: string;
  enCode: string;
  globalMark: number;
  /** organisation paths (top → organisation); the last id of each is the organisation */
  organizeIdsTree: string[][];
}

/** the organisations a role input names, checked to exist and held against deletion */
async function organizationsOf(tx: Tx, input: RoleInput): Promise<string[]> {
  if (input.globalMark === 1) return [];
  const ids = [...new Set(input.organizeIdsTree.map((path) => path.at(-1)).filter((id): id is string => !!id))];
  if (!ids.length) throw refuse(m.organizeRequired);
  const found = await tx.select({ id: organize.id }).from(organize).where(inArray(organize.id, ids)).for('share');
  if (found.length !== ids.length) throw refuse(m.organizeMissing);
  return ids;
}

/** a name is taken among the roles of the same type, a code among all */
const checkUnique = (tx: Tx, input: RoleInput, selfId: string | null) =>
  refuseTakenName(tx, role, input, selfId, {
    nameExists: m.nameExists,
    codeExists: m.codeExists,
    nameScope: eq(role.globalMark, input.globalMark),
  });

async function replaceOrganizations(tx: Tx, actor: AuditActor, roleId: string, organizeIds: string[]) {
  const before = await roleOrganizeIds(tx, roleId);
  await writeAudit(tx, actor, {
    moduleName: MODULE,
    action: 'organizations',
    recordId: roleId,
    before,
    after: organizeIds,
  });
  await tx
    .delete(organizeRelation)
    .where(and(eq(organizeRelation.objectType, RELATION), eq(organizeRelation.objectId, roleId)));
  if (organizeIds.length)
    await tx.insert(organizeRelation).values(
      organizeIds.map((organizeId) => ({
        organizeId,
        objectType: RELATION,
        objectId: roleId,
        creatorTime: Date.now(),
      })),
    );
}

export async function roleOrganizeIds(db: Db | Tx, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ organizeId: organizeRelation.organizeId })
    .from(organizeRelation)
    .where(and(eq(organizeRelation.objectType, RELATION), eq(organizeRelation.objectId, roleId)));
  return rows.map((r) => r.organizeId);
}

const valuesOf = (input: RoleInput) => ({
  fullName: input.fullName,
  enCode: input.enCode,
  globalMark: input.globalMark,
  ...formTailValues(input),
});

export async function createRole(app: AppContext, actor: AuditActor, input: RoleInput): Promise<string> {
  const id = newId();
  await refusingDuplicate('base_role_code_uq', m.codeExists, () =>
    app.db.transaction(async (tx) => {
      const organizeIds = await organizationsOf(tx, input);
      await checkUnique(tx, input, null);
      await insertAudited(
        tx,
        role,
        { id, ...valuesOf(input), creatorTime: Date.now(), creatorUserId: actor.userId },
        { actor, moduleName: MODULE, recordId: id },
      );
      await replaceOrganizations(tx, actor, id, organizeIds);
    }),
  );
  return id;
}

export async function updateRole(app: AppContext, actor: AuditActor, id: string, input: RoleInput) {
  let renamed = false;
  await refusingDuplicate('base_role_code_uq', m.codeExists, () =>
    app.db.transaction(async (tx) => {
      const [current] = await tx.select().from(role).where(eq(role.id, id)).limit(1).for('update');
      if (!current) throw refuse('updateNotFound');
      const organizeIds = await organizationsOf(tx, input);
      const before = await roleOrganizeIds(tx, id);
      if (await hasMembers(tx, RELATION, id)) {
        if (current.globalMark !== input.globalMark) throw refuse(m.boundCannotChange);
        if (current.enabledMark !== input.enabledMark) throw refuse(m.boundCannotToggle);
        // an organisation may only leave the role when none of the role's holders belongs to it
        const removed = before.filter((o) => !organizeIds.includes(o));
        if (input.globalMark === 0 && removed.length && (await holdersIn(tx, id, removed)))
          throw refuse(m.boundCannotChange);
      }
      await checkUnique(tx, input, id);
      await updateVersioned(
        tx,
        role,
        id,
        input.version,
        { ...valuesOf(input), lastModifyTime: Date.now(), lastModifyUserId: actor.userId },
        { actor, moduleName: MODULE },
      );
      await replaceOrganizations(tx, actor, id, organizeIds);
      renamed = current.fullName !== input.fullName;
    }),
  );
  if (renamed) await app.directory.changed('*');
}

/** does a holder of the role belong to one of these organisations */
async function holdersIn(tx: Tx, roleId: string, organizeIds: string[]): Promise<boolean> {
  const holders = tx
    .select({ userId: userRelation.userId })
    .from(userRelation)
    .where(and(eq(userRelation.objectType, RELATION), eq(userRelation.objectId, roleId)));
  const rows = await tx
    .select({ userId: userRelation.userId })
    .from(userRelation)
    .where(
      and(
        eq(userRelation.objectType, 'Organize'),
        inArray(userRelation.objectId, organizeIds),
        inArray(userRelation.userId, holders),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function deleteRole(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: role.id }).from(role).where(eq(role.id, id)).for('update');
    if (!current) throw refuse('deleteNotFound');
    if (await hasMembers(tx, RELATION, id)) throw refuse(m.boundCannotDelete);
    await replaceOrganizations(tx, actor, id, []);
    await deleteAudited(tx, role, id, { actor, moduleName: MODULE });
  });
}

export async function toggleRole(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction((tx) =>
    toggleEnabled(tx, role, id, { actor, moduleName: MODULE, action: 'state' }, async () => {
      if (await hasMembers(tx, RELATION, id)) throw refuse(m.boundCannotToggle);
    }),
  );
  await app.grants.changed('*');
}
