// Names behind the ids system fields store, read once for a page of records: users through the user module (or
// with the records themselves),
// organisations through the organisation index, positions from the creators' profiles in the user directory
// (a record's position is one its creator held when saving it).
import type { FieldConfig, Language } from '@jnpf/core';
import type { AppContext } from '../../../platform/context.js';
import { organizeIndex } from '../../organize/index.js';
import { displayName, usersByIds } from '../../users/index.js';
import type { NameLookups } from './display.js';
import { serverWidgetOf, type ServerWidget, type Values } from './values.js';

/**
 * The names the records' system fields need. `knownUsers`: the display names of the users the records name,
 * read with the records (then users are not read again). Seeded organisations and users are named in `lang`.
 */
export async function nameLookups(
  app: AppContext,
  fields: readonly FieldConfig[],
  records: readonly { data: Values; creatorUserId: string | null }[],
  knownUsers?: ReadonlyMap<string, string>,
  lang: Language = 'zh',
): Promise<NameLookups> {
  const keysOf = (names: ServerWidget['names']) =>
    fields.filter((f) => serverWidgetOf(f).names === names).map((f) => f.__vModel__);
  const userKeys = keysOf('user');
  const hasOrganize = keysOf('organize').length > 0;
  const hasPosition = keysOf('position').length > 0;

  const userIds = new Set<string>();
  for (const r of records)
    for (const key of userKeys) if (typeof r.data[key] === 'string') userIds.add(r.data[key] as string);
  const creators = hasPosition
    ? [...new Set(records.map((r) => r.creatorUserId).filter((id): id is string => !!id))]
    : [];
  const [users, index, profiles] = await Promise.all([
    knownUsers ? [] : usersByIds(app.db, [...userIds]),
    hasOrganize ? organizeIndex(app, lang) : null,
    Promise.all(creators.map((id) => app.directory.get(id))),
  ]);
  const userNames = knownUsers ?? new Map(users.map((u) => [u.id, displayName(u, lang)]));
  const positionNames = new Map<string, string>();
  for (const p of profiles) for (const pos of p?.positions ?? []) positionNames.set(pos.id, pos.fullName);
  return {
    user: (id) => userNames.get(id) ?? '',
    organize: (id, fullPath) => (fullPath ? (index?.pathName(id) ?? '') : (index?.get(id)?.fullName ?? '')),
    position: (id) => positionNames.get(id) ?? '',
  };
}
