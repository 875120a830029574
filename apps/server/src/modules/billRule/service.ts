// Number rules: the list and its lookups, the writes, and handing out numbers.
//
// Handing out a number is one transaction: the rule row is locked (so numbers of one rule are made in time
// order and a rule cannot be deleted or disabled halfway), the counter of the current period is incremented
// in one statement — insert … on conflict (rule_id, period) do update set value = value + 1 returning value —
// and the number is recorded as the rule's outputNumber. Every process and connection goes through the same
// row, so each number is handed out exactly once; a refused number (digits exhausted) rolls the increment back.
import { and, asc, count, desc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { billRule, billRuleCounter, dictionaryData, dictionaryType, user } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import { deleteAudited, insertAudited, toggleEnabled, updateVersioned } from '../../platform/crud.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { nameOrCodeContains, offsetOf, type PageQuery } from '../../platform/paging.js';
import { normalizeShape, type RuleInput } from './ruleBody.js';
import { m } from './messages.js';
import { exampleOf, freeNumber, NumbersExhausted, periodOf, RULE_TYPE, sequenceNumber } from '@jnpf/core';

export const MODULE_NAME = 'billRule';
export const BUSINESS_TYPE_CODE = 'businessType';
/** serialises rule writes: names and codes are unique over all rules */
const RULE_WRITE_LOCK = 7_311_201;
/** counters of past periods untouched this long are removed when a new period starts */
const STALE_COUNTER_MS = 60 * 60_000;

export type RuleRow = typeof billRule.$inferSelect;

export interface ListQuery extends PageQuery {
  categoryId?: string | undefined;
  enabledMark?: 0 | 1 | undefined;
}

const SORTABLE: Record<string, AnyPgColumn> = {
  fullName: billRule.fullName,
  enCode: billRule.enCode,
  sortCode: billRule.sortCode,
  creatorTime: billRule.creatorTime,
  lastModifyTime: billRule.lastModifyTime,
  outputNumber: billRule.outputNumber,
};

/** the paged list (enabledOnly for the selector of other screens) */
export async function listRules(db: Db, q: ListQuery, enabledOnly: boolean) {
  const where: (SQL | undefined)[] = [nameOrCodeContains(billRule, q.keyword)];
  if (q.categoryId) where.push(eq(billRule.category, q.categoryId));
  if (enabledOnly) where.push(eq(billRule.enabledMark, 1));
  else if (q.enabledMark !== undefined) where.push(eq(billRule.enabledMark, q.enabledMark));
  const condition = and(...where);
  const sortColumn = SORTABLE[q.sidx];
  const order = sortColumn
    ? [q.sort === 'asc' ? asc(sortColumn) : desc(sortColumn), asc(billRule.id)]
    : [asc(billRule.sortCode), desc(billRule.creatorTime), asc(billRule.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        rule: billRule,
        categoryName: dictionaryData.fullName,
        creatorName: user.realName,
        creatorAccount: user.account,
      })
      .from(billRule)
      .leftJoin(dictionaryData, eq(dictionaryData.id, billRule.category))
      .leftJoin(user, eq(user.id, billRule.creatorUserId))
      .where(condition)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(billRule).where(condition),
  ]);
  const list = rows.map(({ rule: r, categoryName, creatorName, creatorAccount }) => ({
    id: r.id,
    fullName: r.fullName,
    enCode: r.enCode,
    category: categoryName ?? null,
    categoryId: r.category,
    type: r.type,
    prefix: r.prefix,
    suffix: r.suffix,
    dateFormat: r.dateFormat,
    digit: r.digit,
    startNumber: r.startNumber,
    example: r.example,
    outputNumber: r.outputNumber,
    enabledMark: r.enabledMark,
    sortCode: r.sortCode,
    description: r.description ?? '',
    creatorTime: r.creatorTime,
    creatorUser: creatorName ? `${creatorName}/${creatorAccount}` : null,
    lastModifyTime: r.lastModifyTime,
  }));
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: total!.n } };
}

export async function ruleById(db: Db | Tx, id: string): Promise<RuleRow | undefined> {
  return (await db.select().from(billRule).where(eq(billRule.id, id)).limit(1))[0];
}

export function ruleInfo(r: RuleRow) {
  return {
    id: r.id,
    fullName: r.fullName,
    enCode: r.enCode,
    category: r.category,
    prefix: r.prefix,
    suffix: r.suffix,
    type: r.type,
    dateFormat: r.dateFormat,
    digit: r.digit,
    startNumber: r.startNumber,
    example: r.example,
    randomType: r.randomType,
    randomDigit: r.randomDigit,
    outputNumber: r.outputNumber,
    sortCode: r.sortCode,
    enabledMark: r.enabledMark,
    description: r.description ?? '',
    version: r.version,
  };
}

/** the items of the businessType dictionary, by id and by code */
export async function businessCategories(db: Db | Tx) {
  return db
    .select({ id: dictionaryData.id, enCode: dictionaryData.enCode })
    .from(dictionaryData)
    .innerJoin(dictionaryType, eq(dictionaryType.id, dictionaryData.dictionaryTypeId))
    .where(eq(dictionaryType.enCode, BUSINESS_TYPE_CODE));
}

async function assertCategory(tx: Tx, category: string) {
  if (!(await businessCategories(tx)).some((c) => c.id === category))
    throw invalidField('category', m.categoryNotFound);
}

async function lockRuleWrites(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${RULE_WRITE_LOCK})`);
}

/** name and code free (except for the rule itself)? */
export async function clashOf(tx: Tx, fullName: string, enCode: string, exceptId?: string) {
  const taken = async (col: typeof billRule.fullName | typeof billRule.enCode, value: string) =>
    (
      await tx
        .select({ n: count() })
        .from(billRule)
        .where(and(eq(col, value), exceptId ? ne(billRule.id, exceptId) : undefined))
    )[0]!.n > 0;
  if (await taken(billRule.fullName, fullName)) return 'name' as const;
  if (await taken(billRule.enCode, enCode)) return 'code' as const;
  return null;
}

async function assertUnique(tx: Tx, fullName: string, enCode: string, exceptId?: string) {
  const clash = await clashOf(tx, fullName, enCode, exceptId);
  if (clash === 'name') throw refuse('nameExists');
  if (clash === 'code') throw refuse('codeExists');
}

function storedFields(input: RuleInput) {
  const shape = normalizeShape(input);
  return {
    ...shape,
    fullName: input.fullName,
    enCode: input.enCode,
    category: input.category,
    example: exampleOf(shape, new Date()),
    enabledMark: input.enabledMark,
    sortCode: input.sortCode,
    description: input.description,
  };
}

export async function createRule(tx: Tx, actor: AuditActor, input: RuleInput, action = 'create'): Promise<string> {
  const fields = storedFields(input);
  await lockRuleWrites(tx);
  await assertUnique(tx, input.fullName, input.enCode);
  await assertCategory(tx, input.category);
  const id = newId();
  await insertAudited(
    tx,
    billRule,
    { id, ...fields, creatorTime: Date.now(), creatorUserId: actor.userId },
    { actor, moduleName: MODULE_NAME, recordId: id, action },
  );
  return id;
}

export async function updateRule(
  tx: Tx,
  actor: AuditActor,
  id: string,
  input: RuleInput,
  version: number | null | undefined,
): Promise<void> {
  const fields = storedFields(input);
  await lockRuleWrites(tx);
  if (!(await ruleById(tx, id))) throw refuse('updateNotFound');
  await assertUnique(tx, input.fullName, input.enCode, id);
  await assertCategory(tx, input.category);
  await updateVersioned(
    tx,
    billRule,
    id,
    version,
    { ...fields, lastModifyTime: Date.now(), lastModifyUserId: actor.userId },
    { actor, moduleName: MODULE_NAME },
  );
}

/** a rule that handed out numbers stays, as in the reference ("单据已经被使用,不允许被删除") */
export async function deleteRule(tx: Tx, actor: AuditActor, id: string): Promise<void> {
  const [row] = await tx.select().from(billRule).where(eq(billRule.id, id)).limit(1).for('update');
  if (!row) throw refuse('deleteNotFound');
  if (row.outputNumber) throw refuse(m.inUse);
  await tx.delete(billRuleCounter).where(eq(billRuleCounter.ruleId, id));
  await deleteAudited(tx, billRule, id, { actor, moduleName: MODULE_NAME });
}

export async function toggleRule(tx: Tx, actor: AuditActor, id: string): Promise<void> {
  await toggleEnabled(tx, billRule, id, { actor, moduleName: MODULE_NAME, action: 'toggle' });
}

async function lockRule(tx: Tx, codeOrId: string): Promise<RuleRow | undefined> {
  const byCode = await tx.select().from(billRule).where(eq(billRule.enCode, codeOrId)).limit(1).for('update');
  if (byCode[0]) return byCode[0];
  return (await tx.select().from(billRule).where(eq(billRule.id, codeOrId)).limit(1).for('update'))[0];
}

/** hands out the next number of the rule with this code (or id) */
export async function issueNumber(db: Db, codeOrId: string): Promise<string> {
  return (await issueNumbers(db, codeOrId, 1))[0]!;
}

/** hands out the next `count` numbers of the rule with this code (or id) at once (a batch import's records) */
export async function issueNumbers(db: Db, codeOrId: string, count: number): Promise<string[]> {
  if (count < 1) return [];
  return db.transaction(async (tx) => {
    const rule = await lockRule(tx, codeOrId);
    if (!rule) throw refuse(m.ruleNotFound);
    if (rule.enabledMark !== 1) throw refuse(m.ruleDisabled);
    // read after the lock: the numbers of one rule are made one after another, in time order
    const now = new Date();
    const numbers: string[] = [];
    if (rule.type === RULE_TYPE.sequence) {
      const period = periodOf(rule, now);
      const [counter] = await tx
        .insert(billRuleCounter)
        .values({ ruleId: rule.id, period, value: count - 1, lastIssuedAt: now.getTime() })
        .onConflictDoUpdate({
          target: [billRuleCounter.ruleId, billRuleCounter.period],
          set: { value: sql`${billRuleCounter.value} + ${count}`, lastIssuedAt: now.getTime() },
        })
        .returning({ value: billRuleCounter.value });
      const first = counter!.value - count + 1;
      try {
        for (let value = first; value <= counter!.value; value++) numbers.push(sequenceNumber(rule, now, value));
      } catch (err) {
        if (err instanceof NumbersExhausted) throw refuse(m.exhausted, { digit: err.digit });
        throw err;
      }
      if (first === 0)
        await tx
          .delete(billRuleCounter)
          .where(
            and(
              eq(billRuleCounter.ruleId, rule.id),
              ne(billRuleCounter.period, period),
              lt(billRuleCounter.lastIssuedAt, now.getTime() - STALE_COUNTER_MS),
            ),
          );
    } else for (let i = 0; i < count; i++) numbers.push(freeNumber(rule));
    await tx
      .update(billRule)
      .set({ outputNumber: numbers.at(-1)! })
      .where(eq(billRule.id, rule.id));
    return numbers;
  });
}
