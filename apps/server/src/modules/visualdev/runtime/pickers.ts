// The organisation, department, position, user, role and group fields of online forms: their values are ids of
// the directory; the mixed picker's entries are an id and the kind of directory entry it names ("id--user"). Input
// may name only ids the field's picker dialog could offer (platform/pickable.ts: the rules its selector calls
// share; a department field only departments; a single mixed picker no roles, positions or groups, which only
// its multiple form lists), read in one query a kind for the whole record; what a record shows are the
// names behind its ids, read once for a page of records. A sub-table's picker columns are checked and named row
// by row as the form's own pickers are; a refusal names the table, the row and the column.
// A field in custom mode (selectType "custom") may pick only among its ableIds (pickerAbleIds): the mixed picker
// those very entries, the user picker those users and the members of those departments, roles, positions and
// groups, an organisation, department, position, role or group picker those very ids (listedAbleIds). Like the
// rest, only what the input adds is checked, so a record keeps what it held.
// A user picker with hasSys (pickerHasSystemUser) may also hold the system variable "currentUser": it is stored as
// that id and shows as "current user" in the caller's language; any other field holding it is refused.
// An organisation picker with isOnlyOrg takes only companies; with auth only the caller's permitted organisations
// (permittedOrganizes), so a save refuses an id the caller's picker could not have offered.
import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  isDirectoryPickerKey,
  isMixedPickerKey,
  isUserPickerKey,
  isSubTableKey,
  listedAbleIds,
  MIXED_MULTIPLE_ONLY_KINDS,
  mixedPickKey,
  organizePickerFlags,
  parseMixedPick,
  pickerAbleIds,
  pickerHasSystemUser,
  subTableColumns,
  SYSTEM_USER_ID,
  SYSTEM_USER_NAMES,
  type DirectoryPickerKey,
  type FieldConfig,
  type Language,
} from '@jnpf/core';
import { organize, position, role, user, userGroup, userRelation } from '../../../db/schema/index.js';
import type { AppContext, Principal } from '../../../platform/context.js';
import {
  offeredGroups,
  offeredPositions,
  offeredRoles,
  offeredUsers,
  organizeOffered,
  organizePickerOffers,
  permittedOrganizes,
} from '../../../platform/pickable.js';
import { organizeIndex } from '../../organize/index.js';
import { displayName } from '../../users/index.js';
import { labelOf, rowIssue, type Issues } from '../issues.js';
import { m } from '../messages.js';
import type { Values } from './values.js';

interface Entry {
  name: string;
  /** offered by its picker now (the directory's rule; a department field only departments); read fresh only */
  usable: boolean;
  /** a company's or department's category (company, department) */
  category?: string;
}
/** kind → id → entry */
export type PickerNames = ReadonlyMap<DirectoryPickerKey, ReadonlyMap<string, Entry>>;

const isPickerField = (f: FieldConfig) =>
  isDirectoryPickerKey(f.__config__.jnpfKey) || isMixedPickerKey(f.__config__.jnpfKey);
export const pickerFields = (fields: readonly FieldConfig[]) => fields.filter(isPickerField);

/** the sub-tables of these fields that have picker columns, each with those columns */
const pickerTables = (fields: readonly FieldConfig[]) =>
  fields.flatMap((table) => {
    if (!isSubTableKey(table.__config__.jnpfKey)) return [];
    const columns = subTableColumns(table).filter(isPickerField);
    return columns.length ? [{ table, columns }] : [];
  });

/** the rows a sub-table's value holds (objects only) */
const rowsIn = (value: unknown): Values[] =>
  Array.isArray(value) ? value.filter((r): r is Values => !!r && typeof r === 'object' && !Array.isArray(r)) : [];

/** every picker value these records hold: the fields' own and each sub-table row's picker cells */
function pickedValues(fields: readonly FieldConfig[], records: readonly Values[]) {
  const out: { field: FieldConfig; value: unknown }[] = [];
  const tables = pickerTables(fields);
  for (const record of records) {
    for (const field of pickerFields(fields)) out.push({ field, value: record[field.__vModel__] });
    for (const { table, columns } of tables)
      for (const row of rowsIn(record[table.__vModel__]))
        for (const column of columns) out.push({ field: column, value: row[column.__vModel__] });
  }
  return out;
}

const idsIn = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

/** each entry of a picker field's value: the directory it is of and its id (a mixed picker's say which) */
function picksOf(field: FieldConfig, value: unknown): { entry: string; kind: DirectoryPickerKey; id: string }[] {
  const key = field.__config__.jnpfKey;
  if (isDirectoryPickerKey(key)) return idsIn(value).map((id) => ({ entry: id, kind: key, id }));
  return idsIn(value).flatMap((entry) => {
    const pick = parseMixedPick(entry);
    return pick ? [{ entry, kind: pick.kind, id: pick.id }] : [];
  });
}

/**
 * a mixed picker in "all" mode offers roles, positions and groups only with `multiple` (its one tab otherwise is
 * the organisation → user tree); in custom mode it lists its permitted entries of every kind
 */
const offeredIn = (field: FieldConfig, pick: { kind: DirectoryPickerKey }) =>
  !isMixedPickerKey(field.__config__.jnpfKey) ||
  field.multiple === true ||
  pickerAbleIds(field) !== null ||
  !MIXED_MULTIPLE_ONLY_KINDS.has(pick.kind);

/** a column saying whether a row meets a picker's rule (an unknown group type is no match, not null) */
const meets = (rule: SQL) => sql<boolean>`coalesce((${rule}), false)`.mapWith(Boolean);

/**
 * positions, roles and groups by id: their names and, for a check (`offered`: their kind's rule), whether the
 * pickers offer them; one query a kind
 */
const namedEntries =
  (app: AppContext, table: typeof position | typeof role | typeof userGroup, offered: SQL | null) =>
  async (ids: string[]) =>
    (
      await app.db
        .select({ id: table.id, name: table.fullName, usable: offered ? meets(offered) : sql<boolean>`false` })
        .from(table)
        .where(inArray(table.id, ids))
    ).map((r) => ({ id: r.id, name: r.name, usable: r.usable === true }));

/**
 * the names (and usability) of the ids these records' picker fields hold; `lang`: the language to name seeded
 * organisations and users in (a fresh read, for checking, names them as stored)
 */
export async function pickerNames(
  app: AppContext,
  fields: readonly FieldConfig[],
  records: readonly Values[],
  options: { fresh?: boolean; lang?: Language } = {},
): Promise<PickerNames> {
  const wanted = new Map<DirectoryPickerKey, Set<string>>();
  for (const { field, value } of pickedValues(fields, records))
    for (const { kind, id } of picksOf(field, value)) {
      const ids = wanted.get(kind) ?? new Set<string>();
      ids.add(id);
      wanted.set(kind, ids);
    }
  const out = new Map<DirectoryPickerKey, Map<string, Entry>>();
  const fresh = options.fresh === true;
  const rowsOf = async (
    ids: Set<string> | undefined,
    load: (ids: string[]) => Promise<{ id: string; name: string; usable: boolean }[]>,
  ) => new Map(ids?.size ? (await load([...ids])).map((r) => [r.id, { name: r.name, usable: r.usable }]) : []);

  const organizeIds = new Set([...(wanted.get('organizeSelect') ?? []), ...(wanted.get('depSelect') ?? [])]);
  const organizes = new Map<string, { fullName: string; category: string; enabledMark: number }>();
  if (organizeIds.size && options.fresh) {
    const rows = await app.db
      .select({
        id: organize.id,
        fullName: organize.fullName,
        category: organize.category,
        enabledMark: organize.enabledMark,
      })
      .from(organize)
      .where(inArray(organize.id, [...organizeIds]));
    for (const row of rows) organizes.set(row.id, row);
  } else if (organizeIds.size) {
    const index = await organizeIndex(app, options.lang);
    for (const id of organizeIds) {
      const node = index.get(id);
      if (node) organizes.set(id, node);
    }
  }
  for (const kind of ['organizeSelect', 'depSelect'] as const) {
    const entries = new Map<string, Entry>();
    for (const id of wanted.get(kind) ?? []) {
      const node = organizes.get(id);
      if (node)
        entries.set(id, {
          name: node.fullName,
          usable: organizeOffered(node) && (kind === 'organizeSelect' || node.category === 'department'),
          category: node.category,
        });
    }
    out.set(kind, entries);
  }
  const [users, positions, roles, groups] = await Promise.all([
    rowsOf(wanted.get('userSelect'), async (ids) =>
      (
        await app.db
          .select({
            id: user.id,
            realName: user.realName,
            account: user.account,
            usable: fresh ? meets(offeredUsers()) : sql<boolean>`false`,
          })
          .from(user)
          .where(inArray(user.id, ids))
      ).map((u) => ({ id: u.id, name: displayName(u, options.lang), usable: u.usable === true })),
    ),
    rowsOf(wanted.get('posSelect'), namedEntries(app, position, fresh ? offeredPositions(app.db) : null)),
    rowsOf(wanted.get('roleSelect'), namedEntries(app, role, fresh ? offeredRoles(app.db) : null)),
    rowsOf(wanted.get('groupSelect'), namedEntries(app, userGroup, fresh ? offeredGroups(app.db) : null)),
  ]);
  // the system variable names no user: it is named, and usable only where the field offers it (pickerIssues)
  if (wanted.get('userSelect')?.has(SYSTEM_USER_ID))
    users.set(SYSTEM_USER_ID, { name: SYSTEM_USER_NAMES[options.lang ?? 'zh'], usable: false });
  out.set('userSelect', users);
  out.set('posSelect', positions);
  out.set('roleSelect', roles);
  out.set('groupSelect', groups);
  return out;
}

/**
 * Picker values that name nothing that may be picked. Only ids the input adds are checked: a record keeps the
 * user or department it named before that was disabled, so editing its other fields still works.
 */
export async function pickerIssues(
  app: AppContext,
  caller: Principal | null,
  fields: readonly FieldConfig[],
  values: Values,
  changed: ReadonlySet<string>,
  previous: Values = {},
): Promise<Issues> {
  const added = (field: FieldConfig) => {
    const before = new Set(idsIn(previous[field.__vModel__]));
    return picksOf(field, values[field.__vModel__]).filter((pick) => !before.has(pick.entry));
  };
  const checked = pickerFields(fields).filter((f) => changed.has(f.__vModel__) && added(f).length > 0);
  // a row's cell: the entries no row of the table held before in that column
  const cellsAdded = (table: FieldConfig, column: FieldConfig, row: Values) => {
    const before = new Set(rowsIn(previous[table.__vModel__]).flatMap((r) => idsIn(r[column.__vModel__])));
    return picksOf(column, row[column.__vModel__]).filter((pick) => !before.has(pick.entry));
  };
  const tables = pickerTables(fields).filter(({ table, columns }) =>
    changed.has(table.__vModel__)
      ? rowsIn(values[table.__vModel__]).some((row) => columns.some((c) => cellsAdded(table, c, row).length))
      : false,
  );
  if (!checked.length && !tables.length) return {};
  // a write reads the directory itself, not the organisation cache another process may not have refreshed yet
  const names = await pickerNames(app, [...checked, ...tables.map((t) => t.table)], [values], { fresh: true });
  const all = [...checked, ...tables.flatMap((t) => t.columns)];
  const able = await ablePicks(app, all);
  // the caller's permitted organisations, read only when an organisation picker with auth is checked
  const permitted = all.some((f) => organizePickerFlags(f).auth) ? await permittedOrganizes(app, caller) : null;
  /** an organisation picker's flags: isOnlyOrg refuses a department (not an option), auth what lies outside */
  const flagRefusal = (field: FieldConfig, picks: Pick[]) => {
    const flags = organizePickerFlags(field);
    if (!flags.auth && !flags.onlyOrg) return null;
    const orgs = picks.filter((pick) => pick.kind === 'organizeSelect');
    const category = (pick: Pick) => names.get(pick.kind)?.get(pick.id)?.category ?? '';
    if (
      orgs.some(
        (pick) =>
          !organizePickerOffers({ onlyOrg: flags.onlyOrg, permitted: null })({ id: pick.id, category: category(pick) }),
      )
    )
      return m.notAnOption;
    return flags.auth && permitted && orgs.some((pick) => !permitted.has(pick.id)) ? m.notAbleId : null;
  };
  type Pick = { entry: string; kind: DirectoryPickerKey; id: string };
  // why the picks of a field are refused: not offered by its picker (gone, disabled …), or outside its custom choices
  const refusal = (field: FieldConfig, all: Pick[]) => {
    const picks = pickerHasSystemUser(field) ? all.filter((pick) => pick.entry !== SYSTEM_USER_ID) : all;
    return picks.some((pick) => !names.get(pick.kind)?.get(pick.id)?.usable || !offeredIn(field, pick))
      ? m.notAnOption
      : (flagRefusal(field, picks) ?? (picks.some((pick) => able.get(field)?.(pick) === false) ? m.notAbleId : null));
  };
  const issues: Issues = {};
  for (const field of checked) {
    const key = refusal(field, added(field));
    if (key) issues[field.__vModel__] = { key, params: { label: labelOf(field) } };
  }
  // the first refused cell of each table, as "明细第2行：负责人的值不在选项中"
  for (const { table, columns } of tables)
    rowsIn(values[table.__vModel__]).some((row, index) => {
      for (const column of columns) {
        const key = refusal(column, cellsAdded(table, column, row));
        if (!key) continue;
        issues[table.__vModel__] = rowIssue(
          table,
          index,
          { key, params: { label: labelOf(column) } },
          column.__vModel__,
        );
        return true;
      }
      return false;
    });
  return issues;
}

/**
 * For each of these fields in custom mode, whether a pick is among its choices: a mixed picker's entry must be
 * one of its ableIds (a company and a department alike); a user picker's user one of them ("id" or "id--user")
 * or a member of a department, role, position or group among them; an organisation, department, position, role
 * or group picker's id one of them (listedAbleIds). Fields in the other modes are left out.
 */
async function ablePicks(
  app: AppContext,
  fields: readonly FieldConfig[],
): Promise<Map<FieldConfig, (pick: { entry: string; kind: DirectoryPickerKey; id: string }) => boolean>> {
  const out = new Map<FieldConfig, (pick: { entry: string; kind: DirectoryPickerKey; id: string }) => boolean>();
  for (const field of fields) {
    const ids = pickerAbleIds(field);
    if (!ids) continue;
    const key = field.__config__.jnpfKey;
    const listed = listedAbleIds(field);
    if (listed) {
      const allowed = new Set(listed);
      out.set(field, (pick) => allowed.has(pick.id));
    } else if (isMixedPickerKey(key)) {
      const allowed = new Set(ids.map(mixedPickKey).filter((k): k is string => k !== null));
      out.set(field, (pick) => allowed.has(mixedPickKey(pick.entry) ?? ''));
    } else if (isUserPickerKey(key)) {
      const users = new Set<string>();
      const objects: string[] = [];
      for (const entry of ids) {
        const pick = parseMixedPick(entry);
        if (!pick || pick.type === 'user') users.add(pick ? pick.id : entry);
        else objects.push(pick.id);
      }
      if (objects.length)
        for (const r of await app.db
          .selectDistinct({ id: userRelation.userId })
          .from(userRelation)
          .where(inArray(userRelation.objectId, objects)))
          users.add(r.id);
      out.set(field, (pick) => users.has(pick.id));
    }
  }
  return out;
}

/** the shown text of a picker value: the names, comma-joined; an id that is gone shows as itself */
export function pickerText(names: PickerNames | undefined, kind: DirectoryPickerKey, value: unknown): string {
  const entries = names?.get(kind);
  return idsIn(value)
    .map((id) => entries?.get(id)?.name ?? id)
    .join(',');
}

/** the shown text of a mixed picker's value: the names of what it picked, comma-joined */
export function mixedPickerText(names: PickerNames | undefined, field: FieldConfig, value: unknown): string {
  return picksOf(field, value)
    .map(({ kind, id }) => names?.get(kind)?.get(id)?.name ?? id)
    .join(',');
}
