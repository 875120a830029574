// Companies and departments: one tree in one table. Every write takes one advisory lock, so that two moves can
// never build a cycle together and sibling-name checks hold; the checks read the database inside the transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { organize, organizeRelation, position, user, userRelation } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { deleteAudited, insertAudited, isUniqueViolation, updateVersioned } from '../../platform/crud.js';
import { newId } from '../../platform/ids.js';
import { companyTexts, departmentTexts, m } from './messages.js';
import { organizeChanged, ROOT_PARENT, type OrganizeCategory } from './orgIndex.js';
import { formTailValues, refuseTakenName, type FormTail } from './records.js';

const MODULE = 'organize';
/** serialises writes to the organisation tree (moves, sibling names) */
const TREE_LOCK = 7_311_201;

export interface OrganizeInput extends FormTail {
  parentId: string;
  fullName: string;
  enCode: string;
  /** companies only: stored as JSON text */
  propertyJson?: Record<string, unknown> | null;
  /** departments only */
  managerId?: string | null;
}

type OrganizeRow = typeof organize.$inferSelect;

const texts = (category: OrganizeCategory) => (category === 'company' ? companyTexts : departmentTexts);

async function lockTree(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK})`);
}

/** the parent a node may hang under: a company under a company (or the top), a department under anything */
async function checkedParent(tx: Tx, category: OrganizeCategory, parentId: string): Promise<OrganizeRow | null> {
  if (parentId === ROOT_PARENT) {
    if (category === 'department') throw refuse(m.departmentParentRequired);
    return null;
  }
  const [parent] = await tx.select().from(organize).where(eq(organize.id, parentId)).limit(1).for('share');
  if (!parent) throw refuse(m.parentMissing);
  if (category === 'company' && parent.category !== 'company') throw refuse(m.companyParentNotCompany);
  return parent;
}

/** a name is taken among the siblings, a code in the whole tree */
const checkUnique = (tx: Tx, category: OrganizeCategory, input: OrganizeInput, selfId: string | null) =>
  refuseTakenName(tx, organize, input, selfId, {
    ...texts(category),
    nameScope: eq(organize.parentId, input.parentId),
  });

async function checkManager(tx: Tx, managerId: string | null | undefined) {
  if (!managerId) return;
  const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, managerId)).limit(1);
  if (!found) throw refuse(m.managerMissing);
}

function valuesOf(category: OrganizeCategory, input: OrganizeInput) {
  return {
    parentId: input.parentId,
    fullName: input.fullName,
    enCode: input.enCode,
    ...formTailValues(input),
    ...(category === 'company'
      ? { propertyJson: input.propertyJson ? JSON.stringify(input.propertyJson) : null }
      : { managerId: input.managerId || null }),
  };
}

function translateUnique(err: unknown, category: OrganizeCategory): never {
  if (isUniqueViolation(err, 'base_organize_code_uq')) throw refuse(texts(category).codeExists);
  throw err;
}

export async function createOrganize(
  app: AppContext,
  actor: AuditActor,
  category: OrganizeCategory,
  input: OrganizeInput,
): Promise<string> {
  const id = newId();
  try {
    await app.db.transaction(async (tx) => {
      await lockTree(tx);
      const parent = await checkedParent(tx, category, input.parentId);
      await checkUnique(tx, category, input, null);
      if (category === 'department') await checkManager(tx, input.managerId);
      await insertAudited(
        tx,
        organize,
        {
          id,
          category,
          ...valuesOf(category, input),
          organizeIdTree: parent ? `${parent.organizeIdTree},${id}` : id,
          creatorTime: Date.now(),
          creatorUserId: actor.userId,
        },
        { actor, moduleName: MODULE, recordId: id },
      );
    });
  } catch (err) {
    translateUnique(err, category);
  }
  await organizeChanged(app);
  return id;
}

export async function updateOrganize(
  app: AppContext,
  actor: AuditActor,
  category: OrganizeCategory,
  id: string,
  input: OrganizeInput,
): Promise<void> {
  let renamedOrMoved = false;
  try {
    await app.db.transaction(async (tx) => {
      await lockTree(tx);
      const [current] = await tx.select().from(organize).where(eq(organize.id, id)).limit(1).for('update');
      if (!current || current.category !== category) throw refuse('updateNotFound');
      const moving = current.parentId !== input.parentId;
      let tree = current.organizeIdTree;
      if (moving) {
        if (input.parentId === id) throw refuse(m.parentIsSelf);
        const parent = await checkedParent(tx, category, input.parentId);
        // under itself or one of its own descendants would close a cycle
        if (parent && parent.organizeIdTree.split(',').includes(id)) throw refuse(m.parentIsSelf);
        tree = parent ? `${parent.organizeIdTree},${id}` : id;
      }
      await checkUnique(tx, category, input, id);
      if (category === 'department') await checkManager(tx, input.managerId);
      const now = Date.now();
      await updateVersioned(
        tx,
        organize,
        id,
        input.version,
        { ...valuesOf(category, input), organizeIdTree: tree, lastModifyTime: now, lastModifyUserId: actor.userId },
        { actor, moduleName: MODULE },
      );
      if (moving) {
        // the whole subtree keeps its shape: replace the old path prefix with the new one
        const oldPrefix = current.organizeIdTree;
        const moved = await tx.execute(sql`
          update base_organize
             set organize_id_tree = ${tree} || substr(organize_id_tree, ${oldPrefix.length + 1}),
                 last_modify_time = ${now}, last_modify_user_id = ${actor.userId}
           where organize_id_tree like ${likePrefix(oldPrefix)} escape '\\'`);
        await writeAudit(tx, actor, {
          moduleName: MODULE,
          action: 'moveSubtree',
          recordId: id,
          before: { organizeIdTree: oldPrefix },
          after: { organizeIdTree: tree, descendants: rowCount(moved) },
        });
      }
      renamedOrMoved = moving || current.fullName !== input.fullName;
    });
  } catch (err) {
    translateUnique(err, category);
  }
  await organizeChanged(app);
  // cached user profiles carry organisation paths
  if (renamedOrMoved) await app.directory.changed('*');
}

const likePrefix = (tree: string) => `${tree.replace(/[\\%_]/g, (c) => `\\${c}`)},%`;
const rowCount = (result: unknown) =>
  (result as { rowCount?: number; affectedRows?: number }).rowCount ??
  (result as { affectedRows?: number }).affectedRows ??
  0;

export async function deleteOrganize(app: AppContext, actor: AuditActor, id: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    await lockTree(tx);
    const [current] = await tx.select().from(organize).where(eq(organize.id, id)).limit(1).for('update');
    if (!current) throw refuse('deleteNotFound');
    const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
    if (await exists(tx.select({ id: organize.id }).from(organize).where(eq(organize.parentId, id)).limit(1)))
      throw refuse(m.hasChildren);
    if (await exists(tx.select({ id: position.id }).from(position).where(eq(position.organizeId, id)).limit(1)))
      throw refuse(m.hasPositions);
    const members = tx
      .select({ id: userRelation.userId })
      .from(userRelation)
      .where(and(eq(userRelation.objectType, 'Organize'), eq(userRelation.objectId, id)))
      .limit(1);
    const mainMembers = tx.select({ id: user.id }).from(user).where(eq(user.organizeId, id)).limit(1);
    if ((await exists(members)) || (await exists(mainMembers))) throw refuse(m.hasUsers);
    const roles = tx
      .select({ id: organizeRelation.objectId })
      .from(organizeRelation)
      .where(and(eq(organizeRelation.organizeId, id), eq(organizeRelation.objectType, 'Role')))
      .limit(1);
    if (await exists(roles)) throw refuse(m.hasRoles);
    await deleteAudited(tx, organize, id, { actor, moduleName: MODULE });
  });
  await organizeChanged(app);
}

/** flips enabledMark (1 → 0, anything else → 1) */
export async function toggleOrganize(app: AppContext, actor: AuditActor, id: string): Promise<number> {
  const next = await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ enabledMark: organize.enabledMark })
      .from(organize)
      .where(eq(organize.id, id))
      .limit(1)
      .for('update');
    if (!current) throw refuse('updateNotFound');
    const enabledMark = current.enabledMark === 1 ? 0 : 1;
    await updateVersioned(
      tx,
      organize,
      id,
      null,
      { enabledMark, lastModifyTime: Date.now(), lastModifyUserId: actor.userId },
      { actor, moduleName: MODULE, action: 'state' },
    );
    return enabledMark;
  });
  await organizeChanged(app);
  // permissions granted through an organisation may depend on its state
  await app.grants.changed('*');
  return next;
}

/**
 * The children of one node with whether each has children and how many members, in one statement: correlated
 * subqueries on the parent and member indexes, so the cost follows the number of children, never the size of the
 * tree. "Has children" is an exists, not a count: counting 99 grandchildren under each of 100 children made the
 * call 24 times slower (EXPLAIN on 10,000 departments: 12.96 ms → 0.54 ms).
 */
export async function childrenWithCounts(app: AppContext, parentId: string) {
  return app.database.query<{
    id: string;
    parent_id: string;
    category: string;
    full_name: string;
    en_code: string;
    enabled_mark: number;
    sort_code: number;
    creator_time: number;
    description: string | null;
    organize_id_tree: string;
    has_children: boolean;
    member_count: number;
  }>(
    `select o.id, o.parent_id, o.category, o.full_name, o.en_code, o.enabled_mark, o.sort_code, o.creator_time,
            o.description, o.organize_id_tree,
            exists (select 1 from base_organize c where c.parent_id = o.id) as has_children,
            (select count(*) from base_user_relation r
              where r.object_type = 'Organize' and r.object_id = o.id)::int as member_count
       from base_organize o
      where o.parent_id = $1
      order by o.sort_code asc, o.creator_time desc, o.id asc`,
    [parentId],
  );
}

/** the organisation row, or null */
export async function findOrganize(app: AppContext, id: string) {
  const [row] = await app.db.select().from(organize).where(eq(organize.id, id)).limit(1);
  return row ?? null;
}

/** is the user the manager of some department */
export async function managesAnOrganize(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: organize.id }).from(organize).where(eq(organize.managerId, userId)).limit(1);
  return rows.length > 0;
}
