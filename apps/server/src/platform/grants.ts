// Effective grants: the union over every enabled permission group that includes the user directly or
// through a role, position, organisation or user group, plus direct grants to those subjects.
// Cached per user; any change to grants, membership or menus clears the caches in every process.
import type { Database } from '../db/client.js';
import type { Bus } from './kv.js';
import { BusCache } from './sharedCache.js';

export interface Grants {
  /** administrators are granted everything */
  all: boolean;
  systems: ReadonlySet<string>;
  modules: ReadonlySet<string>;
  buttons: ReadonlySet<string>;
  columns: ReadonlySet<string>;
  forms: ReadonlySet<string>;
  resources: ReadonlySet<string>;
}

/** grants that list no item: all of them when `all` (administrators), none otherwise */
export const grantsOfNoItem = (all: boolean): Grants => ({
  all,
  systems: new Set(),
  modules: new Set(),
  buttons: new Set(),
  columns: new Set(),
  forms: new Set(),
  resources: new Set(),
});

export const ALL_GRANTS: Grants = grantsOfNoItem(true);

const GRANTS_SQL = `
with subject(object_type, object_id) as (
  select 'User', $1::text
  union select r.object_type, r.object_id from base_user_relation r where r.user_id = $1
  union select 'Organize', u.organize_id from base_user u where u.id = $1 and u.organize_id is not null
),
granted_group as (
  select m.group_id from base_permission_group_member m
  join base_permission_group g on g.id = m.group_id and g.enabled_mark = 1
  join subject s on s.object_type = m.member_type and s.object_id = m.member_id
)
select a.item_type, a.item_id from base_authorize a
where (a.object_type = 'PermissionGroup' and a.object_id in (select group_id from granted_group))
   or ((a.object_type, a.object_id) in (select object_type, object_id from subject) and a.object_type <> 'PermissionGroup')`;

export class GrantService {
  private readonly cache: BusCache<Grants>;

  constructor(
    private readonly database: Database,
    bus: Bus,
  ) {
    this.cache = new BusCache(bus, 'grants:changed', (userId) => this.compute(userId));
  }

  forUser(userId: string, isAdministrator: boolean): Promise<Grants> {
    return isAdministrator ? Promise.resolve(ALL_GRANTS) : this.cache.get(userId);
  }

  /** tell every process that grants changed, for one user or ('*') for everyone */
  changed(userId: string | '*' = '*'): Promise<void> {
    return this.cache.changed(userId);
  }

  private async compute(userId: string): Promise<Grants> {
    const rows = await this.database.query<{ item_type: string; item_id: string }>(GRANTS_SQL, [userId]);
    const sets = {
      system: new Set<string>(),
      module: new Set<string>(),
      button: new Set<string>(),
      column: new Set<string>(),
      form: new Set<string>(),
      resource: new Set<string>(),
    };
    for (const r of rows) sets[r.item_type as keyof typeof sets]?.add(r.item_id);
    return {
      all: false,
      systems: sets.system,
      modules: sets.module,
      buttons: sets.button,
      columns: sets.column,
      forms: sets.form,
      resources: sets.resource,
    };
  }
}
