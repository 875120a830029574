// The area fields of online forms (省市区, jnpfKey areaSelect): a value is the path of area ids from a province
// down to the field's level ([province, city, district] at level 2), or with `multiple` a list of such paths.
// A path may end above the level at an area with nothing below it (a municipality's districts sit right under
// it: 北京市/东城区 is a whole address at level 2).
// Input may only name paths of enabled areas, each the parent of the next, starting at the top; what a record
// shows are the names ("广东省/深圳市/南山区"), read once for a page of records.
import { and, eq, inArray } from 'drizzle-orm';
import { areaLevelOf, type FieldConfig } from '@jnpf/core';
import { area } from '../../../db/schema/index.js';
import type { AppContext } from '../../../platform/context.js';
import { labelOf, type Issues } from '../issues.js';
import { m } from '../messages.js';
import { serverWidgetOf, type Values } from './values.js';

/** the parent id of the top areas */
const TOP = '-1';

export const areaFields = (fields: readonly FieldConfig[]) =>
  fields.filter((f) => serverWidgetOf(f).areaPaths === true);

const isPath = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');

/** the paths a stored value holds (one, or with `multiple` several) */
export function pathsIn(field: FieldConfig, value: unknown): string[][] {
  if (!Array.isArray(value)) return [];
  if (field.multiple === true) return value.filter(isPath);
  return isPath(value) ? [value] : [];
}

const keyOf = (path: readonly string[]) => path.join('/');

async function areaRows(app: AppContext, ids: string[]) {
  if (!ids.length) return new Map<string, { name: string; parentId: string; enabled: boolean }>();
  const rows = await app.db
    .select({ id: area.id, name: area.fullName, parentId: area.parentId, enabledMark: area.enabledMark })
    .from(area)
    .where(inArray(area.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, parentId: r.parentId, enabled: r.enabledMark === 1 }]));
}

/** of these areas, those with an enabled area below them */
async function withChildren(app: AppContext, ids: string[]): Promise<ReadonlySet<string>> {
  if (!ids.length) return new Set();
  const rows = await app.db
    .selectDistinct({ parentId: area.parentId })
    .from(area)
    .where(and(inArray(area.parentId, ids), eq(area.enabledMark, 1)));
  return new Set(rows.map((r) => r.parentId));
}

/** the names of the areas these records' area fields name, by id */
export async function areaNames(
  app: AppContext,
  fields: readonly FieldConfig[],
  records: readonly Values[],
): Promise<ReadonlyMap<string, string>> {
  const ids = new Set<string>();
  for (const field of areaFields(fields))
    for (const record of records)
      for (const path of pathsIn(field, record[field.__vModel__])) path.forEach((id) => ids.add(id));
  const rows = await areaRows(app, [...ids]);
  return new Map([...rows].map(([id, row]) => [id, row.name]));
}

/** the shown text of an area value: each path's names joined by "/", paths by ","; a gone id shows as itself */
export function areaText(names: ReadonlyMap<string, string> | undefined, field: FieldConfig, value: unknown): string {
  return pathsIn(field, value)
    .map((path) => path.map((id) => names?.get(id) ?? id).join('/'))
    .join(',');
}

/**
 * Area values whose new paths are not chains of enabled areas from the top down to the field's level. Paths
 * the record already held are not checked again (an area disabled since stays on old records).
 */
export async function areaIssues(
  app: AppContext,
  fields: readonly FieldConfig[],
  values: Values,
  changed: ReadonlySet<string>,
  previous: Values = {},
): Promise<Issues> {
  const added = (field: FieldConfig) => {
    const before = new Set(pathsIn(field, previous[field.__vModel__]).map(keyOf));
    return pathsIn(field, values[field.__vModel__]).filter((path) => !before.has(keyOf(path)));
  };
  const checked = areaFields(fields).filter((f) => changed.has(f.__vModel__) && added(f).length > 0);
  if (!checked.length) return {};
  const paths = checked.flatMap((f) => added(f));
  const rows = await areaRows(app, [...new Set(paths.flat())]);
  const parents = await withChildren(app, [...new Set(paths.map((path) => path.at(-1)!))]);
  const chain = (path: string[], level: number) =>
    path.length > 0 &&
    path.length <= level + 1 &&
    (path.length === level + 1 || !parents.has(path.at(-1)!)) &&
    path.every((id, i) => {
      const row = rows.get(id);
      return !!row && row.enabled && row.parentId === (i === 0 ? TOP : path[i - 1]);
    });
  const issues: Issues = {};
  for (const field of checked)
    if (!added(field).every((path) => chain(path, areaLevelOf(field))))
      issues[field.__vModel__] = { key: m.notAnOption, params: { label: labelOf(field) } };
  return issues;
}
