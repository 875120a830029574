// What the kinds of list add to the plain one. A grouped list (type 3) is ordered by its group field first and
// answers each page's rows under one row per group value ({id: "group:<n>", top: true, <field>: value shown,
// children}). A tree table (type 5) lists a level at a time: the top level (records without a parent, or whose
// parent the caller cannot reach — they would otherwise be lost to them), or the children of one record; every
// row says whether it has children of its own (hasChildren) among the records the caller reaches.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { holdsOneValue, isListableKey, listTypeOf, type FieldConfig } from '@jnpf/core';
import type { Db, Tx } from '../../../db/client.js';
import { visualRecord } from '../../../db/schema/index.js';
import type { Model } from './model.js';
import type { Values } from './values.js';

const textOf = (prop: string) => sql`(${visualRecord.data} ->> ${prop}::text)`;

/** the field a grouped list groups by, when the design names a listable one */
export function groupFieldOf(model: Model): FieldConfig | undefined {
  if (listTypeOf(model.list) !== 3 || typeof model.list.groupField !== 'string') return undefined;
  const field = model.byVModel.get(model.list.groupField);
  return field && isListableKey(field.__config__.jnpfKey) ? field : undefined;
}

/** the field holding a tree table's parent record id, when the design names a single-value field */
export function parentFieldOf(model: Model): FieldConfig | undefined {
  if (listTypeOf(model.list) !== 5 || typeof model.list.parentField !== 'string') return undefined;
  const field = model.byVModel.get(model.list.parentField);
  return field && isListableKey(field.__config__.jnpfKey) && holdsOneValue(field) ? field : undefined;
}

/** groups follow each other in the order of their values (empty values last) */
export const groupOrder = (field: FieldConfig): SQL =>
  sql`(${visualRecord.data} -> ${field.__vModel__}::text) asc nulls last`;

/** the rows of a page under their group rows, in the order they came */
export function groupRows(field: FieldConfig, rows: readonly Values[]): Values[] {
  const prop = field.__vModel__;
  const groups = new Map<string, Values & { children: Values[] }>();
  for (const row of rows) {
    const key = JSON.stringify(row[`${prop}_id`] ?? null);
    let group = groups.get(key);
    if (!group) {
      group = {
        id: `group:${groups.size}`,
        top: true,
        [prop]: row[prop] ?? '',
        [`${prop}_id`]: row[`${prop}_id`] ?? null,
        children: [],
      };
      groups.set(key, group);
    }
    group.children.push(row);
  }
  return [...groups.values()];
}

// No index serves the parent value: the parent field is named by each form's design, so an index on it would be
// one per form (an expression index made at release — DDL at runtime, not a table's schema), and the generic
// alternative, a GIN index on data (jsonb_path_ops, queried with @>), grows with every field of every form and
// slows every write of every form (+14% on 60,000 small records, its size a third of the table's), while at
// 10,000 nodes it found one level's children no faster (3.0 ms) than reading the form's records (1.4 ms). So a
// level, the top level and the hasChildren marking each read this form's records through
// base_visual_record_model_idx and never another form's.

/** the children of one record */
export const childrenOf = (model: Model, parent: FieldConfig, id: string): SQL =>
  sql`${textOf(parent.__vModel__)} = ${id}`;

/**
 * The top level of a tree table for a caller whose records are `scope`: records with no parent, or with a
 * parent that is not a record they reach. The records they reach are a materialised CTE of the form's ids (it
 * names no column of the outer record, so it runs once and is hashed), planned for all its rows. PostgreSQL 15
 * plans the same NOT IN subquery without the CTE as if it stopped half way, so it chose a scan of the whole
 * table — every form's records — from its start, twice (count and page), where reading the form's records
 * through the model index cost less (EXPLAIN, 10,000 nodes beside 50,000 records of another form: two scans of
 * 60,000 rows → two bitmap scans of 10,000). PostgreSQL 17 (PGlite) plans it for all rows already; the CTE costs
 * it a tuplestore of the ids (about 1 ms at 10,000). Either still scans the whole table where its costs say that
 * is cheaper (a form holding much of a small table), so the plan follows the statistics and no test pins it.
 * NOT EXISTS cannot say it: the scope names the table's columns unaliased, so the inner records cannot take
 * another name than the outer one.
 */
export function topLevel(model: Model, parent: FieldConfig, scope?: SQL): SQL {
  const prop = parent.__vModel__;
  return sql`(coalesce(${textOf(prop)}, '') = '' or ${textOf(prop)} not in (with reached as materialized (select ${visualRecord.id} as id from ${visualRecord} where ${and(eq(visualRecord.modelId, model.id), scope)}) select id from reached))`;
}

/** sets hasChildren on each row: whether a record the caller reaches names it as its parent */
export async function markParents(
  db: Db | Tx,
  model: Model,
  parent: FieldConfig,
  rows: Values[],
  scope?: SQL,
): Promise<void> {
  const ids = rows.map((r) => String(r.id));
  const withChildren = new Set<string>();
  if (ids.length) {
    const found = await db
      .selectDistinct({ parent: textOf(parent.__vModel__).mapWith(String) })
      .from(visualRecord)
      .where(and(eq(visualRecord.modelId, model.id), inArray(textOf(parent.__vModel__), ids), scope));
    for (const f of found) withChildren.add(f.parent);
  }
  for (const row of rows) row.hasChildren = withChildren.has(String(row.id));
}
