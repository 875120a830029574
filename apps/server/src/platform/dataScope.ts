// Data permissions: turns the data-permission schemes a user is granted on a menu into one parameterised
// condition over the caller's table: one reusable query filter rather than one per module.
//
//   const scope = await dataScopeOf(app).filter({ user: principal, menu: menuId, columns: { creatorUserId: t.creatorUserId } });
//   db.select().from(t).where(and(otherConditions, scopeWhere(scope)))
//
// - administrators, menus without data permission, and a granted "all data" scheme: no restriction;
// - a menu with data permission on and no scheme granted: no rows;
// - otherwise the granted schemes OR-ed; within a scheme its groups joined by matchLogic; within a group its
//   conditions joined by the group's logic. Values are parameters; fields are looked up in the caller's map
//   and an unknown field is refused (never interpolated).
// The system variables (@userId, @userAndSubordinates, @organizeId, …) are resolved once per user and kept
// until grants, users, organisations or menus change in any process (and a minute at most).
import { containsPattern, escapeLike } from './paging.js';
import {
  and,
  between,
  gt,
  gte,
  inArray,
  lt,
  lte,
  ne,
  not,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { z } from 'zod';
import type { AnyColumn } from 'drizzle-orm';
import { CONDITION_OPS, ResultCode, type ConditionOp } from '@jnpf/core';
import type { Database } from '../db/client.js';
import type { Catalogue } from './catalogue.js';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { defineMessages } from './i18n.js';
import type { Bus } from './kv.js';
import { LoadOnce } from './sharedCache.js';

const m = defineMessages('dataScope', {
  unknownField: {
    zh: '数据权限方案使用了未知字段{field}',
    zhtw: '數據權限方案使用了未知字段{field}',
    en: 'A data-permission scheme filters on an unknown field {field}',
  },
  schemeInvalid: {
    zh: '数据权限方案配置错误：{name}',
    zhtw: '數據權限方案配置錯誤：{name}',
    en: 'The data-permission scheme {name} is not valid',
  },
});

// ------------------------------------------------------------------------------------------ the conditions

export { CONDITION_OPS, type ConditionOp };

export const SYSTEM_VARIABLES = {
  '@userId': 'userId',
  // the reference's enum spells it "Ara"; its Vue 3 client sends "And"
  '@userAraSubordinates': 'userAndSubordinates',
  '@userAndSubordinates': 'userAndSubordinates',
  '@organizeId': 'organizeId',
  '@organizationAndSuborganization': 'organizeAndSub',
  '@branchManageOrganize': 'managedOrganizes',
  '@branchManageOrganizeAndSub': 'managedOrganizesAndSub',
} as const;
type VariableKey = (typeof SYSTEM_VARIABLES)[keyof typeof SYSTEM_VARIABLES];

const scalar = z.union([z.string().max(2000), z.number(), z.boolean()]);
const conditionValue = z.union([
  scalar,
  z.null(),
  z.array(z.union([scalar, z.null(), z.array(scalar).max(50)])).max(1000),
]);

export const conditionSchema = z.looseObject({
  /** the data-permission field row the condition was built from */
  id: z.string().max(64).optional(),
  /** the field name the caller maps to a column */
  field: z.string().trim().min(1).max(200),
  op: z.enum(CONDITION_OPS),
  value: conditionValue.optional(),
});
export const conditionGroupSchema = z.looseObject({
  logic: z.enum(['and', 'or']).default('and'),
  groups: z.array(conditionSchema).max(100),
});
/** a scheme's conditionJson: groups of conditions */
export const schemeConditionsSchema = z.array(conditionGroupSchema).max(50);
export type SchemeConditions = z.infer<typeof schemeConditionsSchema>;
export type Condition = z.infer<typeof conditionSchema>;

/** whether a condition carries what its operator needs (null / notNull need no value) */
export function conditionComplete(c: Condition): boolean {
  if (c.op === 'null' || c.op === 'notNull') return true;
  const v = c.value;
  if (v === undefined || v === null || v === '') return false;
  if (Array.isArray(v)) return c.op === 'between' ? v.length === 2 : v.length > 0;
  return true;
}

// ------------------------------------------------------------------------------------------ the filter

export type ScopeFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'where'; where: SQL };

/** the condition to AND into a query: undefined = no restriction, FALSE = no rows */
export function scopeWhere(filter: ScopeFilter): SQL | undefined {
  if (filter.kind === 'all') return undefined;
  if (filter.kind === 'none') return sql`false`;
  return filter.where;
}

/** field name (as the schemes' conditions name it) → the column or expression it filters */
export type ScopeColumns = Readonly<Record<string, AnyColumn | SQLWrapper>>;

export interface ScopeRequest {
  user: { userId: string; isAdministrator: boolean };
  /** the menu (its id, or its enCode) the data is shown on */
  menu: string;
  columns: ScopeColumns;
}

interface SchemeDef {
  id: string;
  fullName: string;
  allData: boolean;
  matchLogic: 'and' | 'or';
  conditions: SchemeConditions | null;
}

const CACHE_MS = 60_000;
/**
 * From this many values on, a list is bound as one array parameter instead of one parameter each: a variable can
 * stand for thousands of ids (every organisation below a top company), which would make building the query cost
 * milliseconds per request and could pass PostgreSQL's limit of 65,535 parameters.
 */
const ARRAY_PARAM_FROM = 20;

export class DataScopeService {
  private readonly variables = new Map<string, { at: number; values: Map<VariableKey, Promise<string[]>> }>();
  private readonly schemes = new LoadOnce((moduleId) => this.loadSchemes(moduleId));
  /**
   * Filters as built, by column set (a caller's fixed column map; a map made per call keeps nothing beyond its
   * call) and then by user and menu: built from the grants, schemes and variables above, dropped with any of them,
   * so a page costs a lookup instead of a rebuild, and one filter object lets the caller key its kept answers by it.
   */
  private filters = new WeakMap<ScopeColumns, Map<string, { at: number; filter: Promise<ScopeFilter> }>>();

  constructor(
    private readonly database: Database,
    bus: Bus,
    private readonly app: Pick<AppContext, 'grants' | 'catalogue'>,
  ) {
    const dropVariables = () => {
      this.variables.clear();
      this.filters = new WeakMap();
    };
    // subordinates and organisations change with users and organisations; grant changes come with role moves
    bus.subscribe('grants:changed', dropVariables);
    bus.subscribe('directory:changed', dropVariables);
    bus.subscribe('catalogue:changed', () => {
      this.schemes.drop();
      this.filters = new WeakMap();
    });
  }

  async filter(request: ScopeRequest): Promise<ScopeFilter> {
    if (request.user.isAdministrator) return { kind: 'all' };
    const byUser = this.filtersOf(request.columns);
    const key = `${request.user.userId}\u0000${request.menu}`;
    const now = Date.now();
    const kept = byUser.get(key);
    if (kept && now - kept.at <= CACHE_MS) return kept.filter;
    const filter = this.build(request).catch((err: unknown) => {
      if (byUser.get(key)?.filter === filter) byUser.delete(key);
      throw err;
    });
    byUser.set(key, { at: now, filter });
    return filter;
  }

  private filtersOf(columns: ScopeColumns) {
    let byUser = this.filters.get(columns);
    if (!byUser) this.filters.set(columns, (byUser = new Map()));
    return byUser;
  }

  private async build(request: ScopeRequest): Promise<ScopeFilter> {
    const cat = await this.app.catalogue.get();
    const menu = menusById(cat).get(request.menu) ?? cat.modulesByCode.get(request.menu)?.[0];
    if (!menu) return { kind: 'none' };
    if (menu.isDataAuthorize !== 1) return { kind: 'all' };
    const grants = await this.app.grants.forUser(request.user.userId, false);
    if (!grants.modules.has(menu.id)) return { kind: 'none' };
    const granted = (await this.schemes.get(menu.id)).filter((s) => grants.resources.has(s.id));
    if (!granted.length) return { kind: 'none' };
    if (granted.some((s) => s.allData || !s.conditions?.length)) return { kind: 'all' };
    const parts: SQL[] = [];
    for (const scheme of granted) parts.push(await this.schemeSql(scheme, request));
    return { kind: 'where', where: parts.length === 1 ? parts[0]! : or(...parts)! };
  }

  /** the ids a system variable (a key of SYSTEM_VARIABLES) stands for, for the user (data interfaces bind them) */
  variableValues(userId: string, name: keyof typeof SYSTEM_VARIABLES): Promise<string[]> {
    return this.variable(userId, SYSTEM_VARIABLES[name]);
  }

  /** forgets what was resolved (tests, and callers that changed users or organisations themselves) */
  clear() {
    this.variables.clear();
    this.schemes.drop();
    this.filters = new WeakMap();
  }

  private async schemeSql(scheme: SchemeDef, request: ScopeRequest): Promise<SQL> {
    const groups: SQL[] = [];
    for (const group of scheme.conditions ?? []) {
      const conditions: SQL[] = [];
      for (const c of group.groups) conditions.push(await this.conditionSql(c, request));
      if (!conditions.length) continue;
      groups.push(conditions.length === 1 ? conditions[0]! : (group.logic === 'or' ? or : and)(...conditions)!);
    }
    if (!groups.length) return sql`true`;
    return sql`(${groups.length === 1 ? groups[0]! : (scheme.matchLogic === 'or' ? or : and)(...groups)!})`;
  }

  private async conditionSql(c: Condition, request: ScopeRequest): Promise<SQL> {
    if (!Object.prototype.hasOwnProperty.call(request.columns, c.field))
      throw new AppError(ResultCode.Fail, m.unknownField, { field: c.field });
    const column = request.columns[c.field]!;
    const asText = sql`cast(${column} as text)`;
    if (c.op === 'null') return sql`(${column} is null or ${asText} = '')`;
    if (c.op === 'notNull') return sql`(${column} is not null and ${asText} <> '')`;
    const values = await this.valuesOf(c.value, request.user.userId);
    if (c.op === 'between') {
      if (values.length !== 2) return sql`false`;
      return between(column, values[0], values[1]);
    }
    if (c.op === '==' || c.op === 'in') {
      if (!values.length) return sql`false`;
      return values.length < ARRAY_PARAM_FROM ? inArray(column, values) : sql`${column} = any(${sql.param(values)})`;
    }
    if (c.op === '<>' || c.op === 'notIn') {
      if (!values.length) return sql`true`;
      if (values.length === 1) return ne(column, values[0]);
      return values.length < ARRAY_PARAM_FROM
        ? notInArray(column, values)
        : sql`${column} <> all(${sql.param(values)})`;
    }
    if (c.op === 'like' || c.op === 'notLike') {
      if (!values.length) return c.op === 'like' ? sql`false` : sql`true`;
      const likes = values.map((v) => sql`${asText} like ${containsPattern(String(v))}`);
      return c.op === 'like' ? or(...likes)! : not(or(...likes)!);
    }
    // comparisons take one value: a variable standing for several ids cannot be compared
    if (values.length !== 1) return sql`false`;
    const v = values[0];
    const compare = { '>': gt, '>=': gte, '<': lt, '<=': lte }[c.op];
    return compare(column, v);
  }

  /** a condition's value as a list: variables become id lists, organisation paths their last id */
  private async valuesOf(value: Condition['value'], userId: string): Promise<(string | number | boolean)[]> {
    if (typeof value === 'string' && value in SYSTEM_VARIABLES)
      return this.variable(userId, SYSTEM_VARIABLES[value as keyof typeof SYSTEM_VARIABLES]);
    const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    const out: (string | number | boolean)[] = [];
    for (const v of list) {
      if (Array.isArray(v)) {
        const last = v[v.length - 1];
        if (last !== undefined) out.push(last);
      } else if (v !== null) out.push(v);
    }
    return out;
  }

  /** a system variable's ids for this user (kept as the filters keep them) */
  variableOf(userId: string, key: VariableKey): Promise<string[]> {
    return this.variable(userId, key);
  }

  private variable(userId: string, key: VariableKey): Promise<string[]> {
    const now = Date.now();
    let entry = this.variables.get(userId);
    if (!entry || now - entry.at > CACHE_MS) {
      entry = { at: now, values: new Map() };
      this.variables.set(userId, entry);
    }
    let hit = entry.values.get(key);
    if (!hit) {
      const values = entry.values;
      hit = this.resolve(userId, key).catch((err: unknown) => {
        values.delete(key);
        throw err;
      });
      values.set(key, hit);
    }
    return hit;
  }

  private async resolve(userId: string, key: VariableKey): Promise<string[]> {
    const q = this.database.query.bind(this.database);
    switch (key) {
      case 'userId':
        return [userId];
      case 'userAndSubordinates': {
        // everyone reporting to the user, directly or through others; "union" also stops at cycles
        const rows = await q<{ id: string }>(
          `with recursive sub(id) as (
             select id from base_user where manager_id = $1
             union
             select u.id from base_user u join sub s on u.manager_id = s.id
           ) select id from sub`,
          [userId],
        );
        return [...new Set([userId, ...rows.map((r) => r.id)])];
      }
      case 'organizeId': {
        const rows = await q<{ organize_id: string | null }>('select organize_id from base_user where id = $1', [
          userId,
        ]);
        return rows[0]?.organize_id ? [rows[0].organize_id] : [];
      }
      case 'organizeAndSub': {
        const rows = await q<{ organize_id_tree: string }>(
          'select o.organize_id_tree from base_user u join base_organize o on o.id = u.organize_id where u.id = $1',
          [userId],
        );
        return this.subtrees(rows.map((r) => r.organize_id_tree));
      }
      case 'managedOrganizes': {
        const rows = await q<{ id: string }>('select id from base_organize where manager_id = $1', [userId]);
        return rows.map((r) => r.id);
      }
      case 'managedOrganizesAndSub': {
        const rows = await q<{ organize_id_tree: string }>(
          'select organize_id_tree from base_organize where manager_id = $1',
          [userId],
        );
        return this.subtrees(rows.map((r) => r.organize_id_tree));
      }
    }
  }

  /** the organisations at or below these paths (organizeIdTree is "root,…,self") */
  private async subtrees(trees: string[]): Promise<string[]> {
    if (!trees.length) return [];
    const params: string[] = [];
    const tests = trees.map((tree) => {
      params.push(tree, `${escapeLike(tree)},%`);
      return `organize_id_tree = $${params.length - 1} or organize_id_tree like $${params.length}`;
    });
    const rows = await this.database.query<{ id: string }>(
      `select id from base_organize where ${tests.join(' or ')}`,
      params,
    );
    return [...new Set(rows.map((r) => r.id))];
  }

  private async loadSchemes(moduleId: string): Promise<SchemeDef[]> {
    const rows = await this.database.query<{
      id: string;
      full_name: string;
      en_code: string;
      all_data: number;
      match_logic: string;
      condition_json: string | null;
    }>(
      `select id, full_name, en_code, all_data, match_logic, condition_json
         from base_module_data_scheme where module_id = $1 and enabled_mark = 1`,
      [moduleId],
    );
    return rows.map((r) => {
      let conditions: SchemeConditions | null = null;
      if (r.condition_json) {
        const parsed = parseConditions(r.condition_json);
        // a scheme we cannot read must not widen what anyone sees: the whole request is refused
        if (!parsed) throw new AppError(ResultCode.Fail, m.schemeInvalid, { name: r.full_name });
        conditions = parsed;
      }
      return {
        id: r.id,
        fullName: r.full_name,
        allData: r.all_data === 1 || r.en_code === ALL_DATA_CODE,
        matchLogic: r.match_logic === 'or' ? 'or' : 'and',
        conditions,
      };
    });
  }
}

/** the code of the built-in "all data" scheme */
export const ALL_DATA_CODE = 'jnpf_alldata';

export function parseConditions(text: string): SchemeConditions | null {
  try {
    const parsed = schemeConditionsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const idIndex = new WeakMap<Catalogue, Map<string, Catalogue['modules'][number]>>();
/** the catalogue's menus by id, built once per loaded catalogue */
function menusById(cat: Catalogue) {
  let index = idIndex.get(cat);
  if (!index) {
    index = new Map(cat.modules.map((x) => [x.id, x]));
    idIndex.set(cat, index);
  }
  return index;
}

/** the data-scope service of this app */
export function dataScopeOf(app: AppContext): DataScopeService {
  return app.dataScope;
}
