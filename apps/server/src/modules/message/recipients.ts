// Who a message goes to, from the chooser's selection: comma-joined entries "id" (a user) or "id--type" with
// type user, organize / company / department (everyone in it and below it), role, position or group. An
// empty selection means every enabled user. Disabled and unknown users are left out.
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { organize, user, userRelation } from '../../db/schema/index.js';

const SLICE = 1000;

export function parseSelection(selection: string | string[] | null | undefined) {
  const entries = (Array.isArray(selection) ? selection : (selection ?? '').split(','))
    .map((e) => e.trim())
    .filter(Boolean);
  const byType = {
    user: [] as string[],
    organize: [] as string[],
    role: [] as string[],
    position: [] as string[],
    group: [] as string[],
  };
  for (const entry of entries) {
    const [id = '', rawType = 'user'] = entry.split('--');
    const type = rawType.toLowerCase();
    if (!id) continue;
    if (type === 'user') byType.user.push(id);
    else if (type === 'organize' || type === 'company' || type === 'department') byType.organize.push(id);
    else if (type === 'role' || type === 'position' || type === 'group') byType[type].push(id);
  }
  return { entries, ...byType };
}

export async function resolveRecipients(
  db: Db | Tx,
  selection: string | string[] | null | undefined,
): Promise<string[]> {
  const parsed = parseSelection(selection);
  const enabled = ne(user.enabledMark, 0);
  if (!parsed.entries.length) return (await db.select({ id: user.id }).from(user).where(enabled)).map((r) => r.id);
  const candidates = new Set(parsed.user);
  if (parsed.organize.length) {
    // the organisations and everything under them: their id appears in the node's id path
    const subtree = await db
      .select({ id: organize.id })
      .from(organize)
      .where(
        or(
          ...parsed.organize.map(
            (id) => sql`(',' || ${organize.organizeIdTree} || ',') like ${'%,' + id.replace(/[\\%_]/g, '\\$&') + ',%'}`,
          ),
        ),
      );
    const orgIds = subtree.map((o) => o.id);
    for (let i = 0; i < orgIds.length; i += SLICE) {
      const slice = orgIds.slice(i, i + SLICE);
      for (const r of await db
        .select({ id: userRelation.userId })
        .from(userRelation)
        .where(and(eq(userRelation.objectType, 'Organize'), inArray(userRelation.objectId, slice))))
        candidates.add(r.id);
      for (const r of await db.select({ id: user.id }).from(user).where(inArray(user.organizeId, slice)))
        candidates.add(r.id);
    }
  }
  for (const [type, ids] of [
    ['Role', parsed.role],
    ['Position', parsed.position],
    ['Group', parsed.group],
  ] as const) {
    if (!ids.length) continue;
    for (const r of await db
      .select({ id: userRelation.userId })
      .from(userRelation)
      .where(and(eq(userRelation.objectType, type), inArray(userRelation.objectId, ids.slice(0, SLICE)))))
      candidates.add(r.id);
  }
  const all = [...candidates];
  const out: string[] = [];
  for (let i = 0; i < all.length; i += SLICE)
    for (const r of await db
      .select({ id: user.id })
      .from(user)
      .where(and(inArray(user.id, all.slice(i, i + SLICE)), enabled)))
      out.push(r.id);
  return out;
}
