// The user list's filters and rows, shared by the list and the export.
import { dictionaryItemName, type Language } from '@jnpf/core';
import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { user } from '../../db/schema/index.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { scopeWhere, type ScopeColumns } from '../../platform/dataScope.js';
import { idField } from '../../platform/fields.js';
import { keptAnswersOf } from '../../platform/keptAnswers.js';
import { containsPattern, pageQuery } from '../../platform/paging.js';
import { avatarUrl } from '../file/index.js';
import { ADMIN_ACCOUNT } from './administrators.js';
import { inSubtree, USER_MENU, type OrganizeIndex } from '../organize/index.js';
import { effectiveState } from './views.js';

export const userListQuery = pageQuery.extend({
  organizeId: z.union([z.literal(''), idField]).optional(),
  roleId: z.union([z.literal(''), idField]).optional(),
  enabledMark: z.union([z.literal(''), z.coerce.number().int().min(0).max(2)]).optional(),
  gender: z.union([z.literal(''), z.coerce.number().int().min(0).max(99)]).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** the filters of the user list; null when nothing can match (an unknown organisation) */
export function listConditions(query: UserListQuery, index: OrganizeIndex): SQL | null {
  // the built-in administrator is not listed (as in the reference)
  const conditions: (SQL | undefined)[] = [ne(user.account, ADMIN_ACCOUNT)];
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    conditions.push(or(ilike(user.account, like), ilike(user.realName, like), ilike(user.mobilePhone, like)));
  }
  if (query.organizeId) {
    const org = index.get(query.organizeId);
    if (!org) return null;
    conditions.push(
      sql`exists (select 1 from base_user_relation r where r.user_id = ${user.id} and r.object_type = 'Organize' and ${inSubtree(sql.raw('r.object_id'), org.organizeIdTree)})`,
    );
  }
  if (query.roleId)
    conditions.push(
      sql`exists (select 1 from base_user_relation r where r.user_id = ${user.id} and r.object_type = 'Role' and r.object_id = ${query.roleId})`,
    );
  if (query.enabledMark !== undefined && query.enabledMark !== '') {
    const now = Date.now();
    if (query.enabledMark === 0) conditions.push(eq(user.enabledMark, 0));
    else if (query.enabledMark === 2)
      conditions.push(
        sql`${user.enabledMark} <> 0 and (${user.unlockTime} > ${now} or (${user.enabledMark} = 2 and ${user.unlockTime} is null))`,
      );
    else
      conditions.push(
        sql`${user.enabledMark} <> 0 and (${user.unlockTime} <= ${now} or (${user.enabledMark} = 1 and ${user.unlockTime} is null))`,
      );
  }
  if (query.gender !== undefined && query.gender !== '') conditions.push(eq(user.gender, query.gender));
  return and(...conditions)!;
}

/** the user fields data-permission schemes of the user screen may filter on */
export const USER_SCOPE_COLUMNS: ScopeColumns = {
  id: user.id,
  userId: user.id,
  account: user.account,
  realName: user.realName,
  organizeId: user.organizeId,
  managerId: user.managerId,
  gender: user.gender,
  enabledMark: user.enabledMark,
  creatorUserId: user.creatorUserId,
  creatorTime: user.creatorTime,
};

/** the rows of the user screen the caller's data-permission schemes allow (undefined: all) */
export async function userScope(app: AppContext, principal: Principal): Promise<SQL | undefined> {
  return scopeWhere(await app.dataScope.filter({ user: principal, menu: USER_MENU, columns: USER_SCOPE_COLUMNS }));
}

/** sortCode ascending, newest first: written as base_user_order_idx is, so the index serves it */
export const listOrder = [asc(user.sortCode), sql`${user.creatorTime} desc nulls last`, asc(user.id)];

/** the columns of one list row: the user's, its organisations in relation order, its gender's dictionary name */
const pageColumns = {
  id: user.id,
  account: user.account,
  realName: user.realName,
  gender: user.gender,
  mobilePhone: user.mobilePhone,
  description: user.description,
  enabledMark: user.enabledMark,
  unlockTime: user.unlockTime,
  creatorTime: user.creatorTime,
  sortCode: user.sortCode,
  handoverMark: user.handoverMark,
  isAdministrator: user.isAdministrator,
  headIcon: user.headIcon,
  // the relations in relationsOf's order (sortCode, creatorTime)
  organizeIds: sql<string[]>`coalesce((select json_agg(r.object_id order by r.sort_code, r.creator_time)
    from base_user_relation r where r.user_id = ${user.id} and r.object_type = 'Organize'), '[]'::json)`,
  // dictionaryItems('sex') read into a map: the last item of a code in (sortCode, id) order names it
  genderName: sql<string | null>`(select d.full_name from base_dictionary_data d
    join base_dictionary_type t on t.id = d.dictionary_type_id
    where t.en_code = 'sex' and d.en_code = ${user.gender}::text order by d.sort_code desc, d.id desc limit 1)`,
};

/**
 * Totals of large lists, kept a moment: counting 1,000 users scattered over the table (a data scope) or 100,000
 * costs 15 to 80 ms on every page, the page itself well under one. Only totals of countKeeping.fromUsers users and
 * more are kept, for countKeeping.ms at most, and all of them are dropped on any change of users, memberships,
 * grants or organisations in any process (the bus channels those changes publish on); smaller lists are always
 * counted.
 */
export const countKeeping = {
  /** totals from this many users on are kept */
  fromUsers: 1000,
  /** for at most this long (tests lengthen it to see the invalidation alone) */
  ms: 1000,
};
const COUNT_KEPT_MAX = 500;
const COUNT_CHANNELS = ['directory:changed', 'grants:changed', 'organize:changed'];
const dialect = new PgDialect();
/** a kept total; `recounting` while one call counts it again once it ran out */
interface KeptTotal {
  n: number;
  until: number;
  recounting?: boolean;
}
type Totals = Map<string, KeptTotal> & { generation: number };
const keptTotals = new WeakMap<AppContext, Totals>();

function totalsOf(app: AppContext) {
  let totals = keptTotals.get(app);
  if (!totals) {
    const created = Object.assign(new Map<string, KeptTotal>(), { generation: 0 });
    keptTotals.set(app, (totals = created));
    for (const channel of COUNT_CHANNELS)
      app.shared.bus.subscribe(channel, () => {
        created.generation++;
        created.clear();
      });
  }
  return totals;
}

/** keeps a large list's total, unless a change was announced since `generation` (the count may miss it) */
function keepTotal(totals: Totals, key: string, n: number, generation: number) {
  if (totals.generation !== generation || n < countKeeping.fromUsers) return;
  if (totals.size >= COUNT_KEPT_MAX && !totals.has(key)) totals.clear();
  totals.set(key, { n, until: Date.now() + countKeeping.ms });
}

/**
 * One page of the user list (its names in the caller's language: the organisation index given in it, the gender
 * translated after the query) and the number of matching users in one round trip: the count is an uncorrelated
 * subquery PostgreSQL runs once, or the kept total of a large list. When that total has run out (and nothing was
 * announced since), the page shows it while one count runs beside the answers: no call waits for a count, so the
 * slowest pages cost what the others do. Only a page past the end (no rows to carry the count) asks for it again.
 */
export async function listPage(
  app: AppContext,
  index: OrganizeIndex,
  where: SQL,
  pageSize: number,
  offset: number,
  lang: Language = 'zh',
) {
  const db = app.db;
  const totals = totalsOf(app);
  const key = renderedKey(where);
  const now = Date.now();
  const generation = totals.generation;
  const kept = totals.get(key);
  const countAgain = async () => (await db.select({ n: count() }).from(user).where(where))[0]?.n ?? 0;
  if (kept && kept.until <= now && !kept.recounting) {
    kept.recounting = true;
    countAgain().then(
      (n) => keepTotal(totals, key, n, generation),
      (err: unknown) => {
        kept.recounting = false;
        app.log.warn({ err }, 'recounting the user list failed');
      },
    );
  }
  const countOf = kept
    ? sql<number>`${kept.n}::int`.mapWith(Number)
    : sql<number>`(select count(*) from ${user} where ${where})`.mapWith(Number);
  const rows = await db
    .select({ ...pageColumns, total: countOf })
    .from(user)
    .where(where)
    .orderBy(...listOrder)
    .limit(pageSize)
    .offset(offset);
  const total = kept ? kept.n : rows.length ? rows[0]!.total : await countAgain();
  if (!kept) keepTotal(totals, key, total, generation);
  // a lock on the page that runs out changes what it shows
  let until = Infinity;
  const list = rows.map((u) => {
    const state = effectiveState(u, now);
    if (u.unlockTime != null && u.unlockTime > now) until = Math.min(until, u.unlockTime);
    return {
      id: u.id,
      account: u.account,
      realName: u.realName,
      gender:
        u.gender != null
          ? u.genderName != null
            ? dictionaryItemName('sex', String(u.gender), u.genderName, lang)
            : String(u.gender)
          : '',
      mobilePhone: u.mobilePhone ?? '',
      organize: index.pathNames(u.organizeIds),
      description: u.description ?? '',
      enabledMark: state,
      lockMark: state === 2 ? 1 : 0,
      creatorTime: u.creatorTime,
      sortCode: u.sortCode,
      handoverMark: u.handoverMark ?? 0,
      isAdministrator: u.isAdministrator,
      headIcon: avatarUrl(u.headIcon),
    };
  });
  return { list, total, until };
}

const renderedKeys = new WeakMap<SQL, string>();
/**
 * the text of a condition with its parameters: equal texts select the same rows (a data scope, built once per grant
 * change, is rendered once too)
 */
export function renderedKey(where: SQL): string {
  let key = renderedKeys.get(where);
  if (key === undefined) {
    const rendered = dialect.sqlToQuery(where);
    key = `${rendered.sql}\u0000${JSON.stringify(rendered.params)}`;
    renderedKeys.set(where, key);
  }
  return key;
}

/**
 * Pages of the user list as sent, kept by their query, the caller's rendered data scope and the language; dropped on any change of users, memberships, grants, organisations or dictionaries in any process.
 */
export const userPages = (app: AppContext) =>
  keptAnswersOf(app, 'users:list', {
    channels: [...COUNT_CHANNELS, 'dictionary:changed'],
    limit: 1000,
    maxAgeMs: 1000,
  });
