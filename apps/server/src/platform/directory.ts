// User profiles (the user with the names of their organisations, positions, roles, groups and manager),
// cached per user because every signed-in call needs them; cleared in every process on any change.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { and } from 'drizzle-orm';
import { organize, position, role, user, userGroup, userRelation, userSignImg } from '../db/schema/index.js';
import type { Bus } from './kv.js';
import { BusCache } from './sharedCache.js';

export type UserRow = Omit<typeof user.$inferSelect, 'passwordHash' | 'passwordSalt'>;

export interface OrganizeRef {
  id: string;
  fullName: string;
  enCode: string | null;
  category: string;
  /** ids from the root down to this organisation */
  path: string[];
  /** names from the root down, joined with "/" */
  pathName: string;
  /** the names and codes from the root down (a seeded organisation is shown in the caller's language) */
  pathParts: { fullName: string; enCode: string | null }[];
}

export interface UserProfile {
  user: UserRow;
  organizes: OrganizeRef[];
  mainOrganize: OrganizeRef | null;
  positions: { id: string; fullName: string; organizeId: string }[];
  roles: { id: string; fullName: string }[];
  groups: { id: string; fullName: string }[];
  manager: { id: string; realName: string; account: string } | null;
  /** the default handwritten signature (data URL), or '' */
  signImg: string;
}

export class UserDirectory {
  private readonly cache: BusCache<UserProfile | null>;

  constructor(
    private readonly db: Db,
    bus: Bus,
  ) {
    this.cache = new BusCache(bus, 'directory:changed', (userId) => this.load(userId));
  }

  get(userId: string): Promise<UserProfile | null> {
    return this.cache.get(userId);
  }

  changed(userId: string | '*' = '*'): Promise<void> {
    return this.cache.changed(userId);
  }

  private async load(userId: string): Promise<UserProfile | null> {
    const [row] = await this.db.select().from(user).where(eq(user.id, userId)).limit(1);
    if (!row) return null;
    const { passwordHash: _h, passwordSalt: _s, ...safe } = row;
    const relations = await this.db.select().from(userRelation).where(eq(userRelation.userId, userId));
    const idsOf = (type: string) => relations.filter((r) => r.objectType === type).map((r) => r.objectId);
    const orgIds = [...new Set([...idsOf('Organize'), ...(row.organizeId ? [row.organizeId] : [])])];
    const [orgRows, positions, roles, groups, managerRows, signRows] = await Promise.all([
      orgIds.length ? this.db.select().from(organize).where(inArray(organize.id, orgIds)) : [],
      idsOf('Position').length
        ? this.db
            .select({ id: position.id, fullName: position.fullName, organizeId: position.organizeId })
            .from(position)
            .where(inArray(position.id, idsOf('Position')))
        : [],
      idsOf('Role').length
        ? this.db
            .select({ id: role.id, fullName: role.fullName })
            .from(role)
            .where(inArray(role.id, idsOf('Role')))
        : [],
      idsOf('Group').length
        ? this.db
            .select({ id: userGroup.id, fullName: userGroup.fullName })
            .from(userGroup)
            .where(inArray(userGroup.id, idsOf('Group')))
        : [],
      row.managerId
        ? this.db
            .select({ id: user.id, realName: user.realName, account: user.account })
            .from(user)
            .where(eq(user.id, row.managerId))
        : [],
      this.db
        .select({ signImg: userSignImg.signImg })
        .from(userSignImg)
        .where(and(eq(userSignImg.userId, userId), eq(userSignImg.isDefault, 1)))
        .limit(1),
    ]);
    const ancestorIds = [...new Set(orgRows.flatMap((o) => o.organizeIdTree.split(',')))].filter(Boolean);
    const names = new Map<string, { fullName: string; enCode: string | null }>();
    if (ancestorIds.length) {
      for (const a of await this.db
        .select({ id: organize.id, fullName: organize.fullName, enCode: organize.enCode })
        .from(organize)
        .where(inArray(organize.id, ancestorIds)))
        names.set(a.id, { fullName: a.fullName, enCode: a.enCode });
    }
    const organizes: OrganizeRef[] = orgRows.map((o) => {
      const path = o.organizeIdTree.split(',').filter(Boolean);
      const pathParts = path.map((id) => names.get(id) ?? { fullName: '', enCode: null });
      return {
        id: o.id,
        fullName: o.fullName,
        enCode: o.enCode,
        category: o.category,
        path,
        pathName: pathParts.map((p) => p.fullName).join('/'),
        pathParts,
      };
    });
    return {
      user: safe,
      organizes,
      mainOrganize: organizes.find((o) => o.id === row.organizeId) ?? organizes[0] ?? null,
      positions,
      roles,
      groups,
      manager: managerRows[0] ?? null,
      signImg: signRows[0]?.signImg ?? '',
    };
  }
}
