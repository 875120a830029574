// The signed-in user's own data: the profile the directory keeps, writes to their own row (each with an audit
// entry), the switch of their main organisation, position or application, what they are granted, their direct
// reports and their sign-in log.
import { and, count, desc, eq, gte, ilike, lte, or } from 'drizzle-orm';
import { ResultCode, buttonName, systemName, type Language } from '@jnpf/core';
import { loginLog, system, user } from '../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import { allowedSystems, menuTree } from '../../platform/catalogue.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { AppError, refuse } from '../../platform/errors.js';
import { containsPattern, offsetOf } from '../../platform/paging.js';
import { blankIfNull, pick } from '../../platform/rows.js';
import { avatarUrl } from '../file/index.js';
import { writeOwnRow, type OwnRowValues } from '../users/index.js';

export const MODULE_NAME = 'currentUser';

type UserValues = OwnRowValues;

/** the signed-in user's profile (row, organisations, positions, roles, manager); none means the session is over */
export async function profileOf(app: AppContext, principal: Principal) {
  const profile = await app.directory.get(principal.userId);
  if (!profile) throw new AppError(ResultCode.SessionOverdue, 'sessionOverdue');
  return profile;
}

export type Profile = Awaited<ReturnType<typeof profileOf>>;

/** writes the user's own row and its audit entry in one transaction, then refreshes the cached profile */
export async function updateOwnRow(
  app: AppContext,
  actor: AuditActor,
  userId: string,
  values: UserValues,
  audit: { action: string; before?: Record<string, unknown>; after: Record<string, unknown> },
) {
  await app.db.transaction(async (tx) => {
    await writeOwnRow(tx, userId, values);
    await writeAudit(tx, actor, { moduleName: MODULE_NAME, recordId: userId, ...audit });
  });
  await app.directory.changed(userId);
}

/** saves the layout or the language */
export async function savePreference(
  app: AppContext,
  actor: AuditActor,
  principal: Principal,
  key: 'theme' | 'language',
  value: string,
) {
  const before = (await profileOf(app, principal)).user[key];
  await updateOwnRow(
    app,
    actor,
    principal.userId,
    { [key]: value },
    { action: key === 'theme' ? 'systemTheme' : 'systemLanguage', before: { [key]: before }, after: { [key]: value } },
  );
}

export type MajorType = 'Organize' | 'Position' | 'System';

/**
 * makes one of the user's organisations or positions the main one, or switches the application (the App's when
 * menuType is 1): it must be enabled, granted and have menus or the workflow. Answers the message key.
 */
export async function switchMajor(
  app: AppContext,
  actor: AuditActor,
  principal: Principal,
  major: { majorType: MajorType; majorId: string; menuType?: number | null },
): Promise<'switched' | 'setDone'> {
  const p = await profileOf(app, principal);
  let changes: UserValues;
  let msgKey: 'switched' | 'setDone' = 'setDone';
  if (major.majorType === 'System') {
    const [cat, grants] = await Promise.all([
      app.catalogue.get(),
      app.grants.forUser(principal.userId, principal.isAdministrator),
    ]);
    const [sys] = await app.db.select().from(system).where(eq(system.id, major.majorId));
    if (!sys) throw refuse('systemDeleted');
    if (sys.enabledMark !== 1) throw refuse('systemDisabled');
    const allowed = allowedSystems(cat, grants).some((s) => s.id === sys.id);
    if (!allowed || (menuTree(cat, grants, sys.id).length === 0 && sys.workflowEnabled === 0))
      throw refuse('systemNoMenu');
    changes = major.menuType === 1 ? { appSystemId: sys.id } : { systemId: sys.id };
    msgKey = 'switched';
  } else if (major.majorType === 'Organize') {
    if (!p.organizes.some((o) => o.id === major.majorId)) throw refuse('notYourOrganize');
    changes = { organizeId: major.majorId };
  } else {
    if (!p.positions.some((x) => x.id === major.majorId)) throw refuse('notYourPosition');
    changes = { positionId: major.majorId };
  }
  await updateOwnRow(app, actor, principal.userId, changes, { action: `major${major.majorType}`, after: changes });
  await app.grants.changed(principal.userId);
  return msgKey;
}

/** the menus (a tree per application) and the buttons, columns, forms and data schemes the user is granted */
export async function ownGrants(app: AppContext, principal: Principal, lang: Language = 'zh') {
  const [cat, grants] = await Promise.all([
    app.catalogue.get(),
    app.grants.forUser(principal.userId, principal.isAdministrator),
  ]);
  const systems = allowedSystems(cat, grants);
  const pick = (
    map: Map<string, { id: string; moduleId: string; fullName: string; enCode: string }[]>,
    ids: ReadonlySet<string>,
  ) => [...map.values()].flat().filter((x) => grants.all || ids.has(x.id));
  return {
    module: systems.map((s) => ({
      id: s.id,
      fullName: systemName(s.enCode, s.fullName, lang),
      icon: s.icon ?? '',
      children: menuTree(cat, grants, s.id, lang),
    })),
    button: pick(cat.buttonsByModule, grants.buttons).map((b) => ({
      ...b,
      fullName: buttonName(b.enCode, b.fullName, lang),
    })),
    column: pick(cat.columnsByModule, grants.columns),
    form: pick(cat.formsByModule, grants.forms),
    resource: pick(cat.schemesByModule, grants.resources),
  };
}

/** whether `userId` reports to `managerId`, directly or through at most 50 managers */
async function reportsTo(app: AppContext, userId: string, managerId: string): Promise<boolean> {
  let cursor: string | null = userId;
  const seen = new Set<string>();
  while (cursor && !seen.has(cursor) && seen.size < 50) {
    seen.add(cursor);
    const [row]: { managerId: string | null }[] = await app.db
      .select({ managerId: user.managerId })
      .from(user)
      .where(eq(user.id, cursor));
    cursor = row?.managerId ?? null;
    if (cursor === managerId) return true;
  }
  return false;
}

/** the direct reports of a user ("0" = the caller); others than the caller only within the caller's reporting line */
export async function directReports(app: AppContext, principal: Principal, id: string) {
  const managerId = id === '0' ? principal.userId : id;
  if (
    managerId !== principal.userId &&
    !principal.isAdministrator &&
    !(await reportsTo(app, managerId, principal.userId))
  )
    throw refuse('notAllowedSelf');
  const rows = await app.db
    .select({ id: user.id, realName: user.realName, account: user.account, headIcon: user.headIcon })
    .from(user)
    .where(eq(user.managerId, managerId));
  const withReports = new Set(
    rows.length
      ? (
          await app.db
            .select({ managerId: user.managerId })
            .from(user)
            .where(or(...rows.map((r) => eq(user.managerId, r.id))))
        ).map((r) => r.managerId)
      : [],
  );
  return Promise.all(
    rows.map(async (r) => {
      const prof = await app.directory.get(r.id);
      return {
        id: r.id,
        avatar: avatarUrl(r.headIcon),
        userName: `${r.realName}/${r.account}`,
        department: prof?.mainOrganize?.pathName ?? '',
        position: prof?.positions.map((x) => x.fullName).join(',') ?? '',
        isLeaf: !withReports.has(r.id),
      };
    }),
  );
}

/** one page of the user's own sign-in log, newest first; the keyword matches address, platform or browser */
export async function ownLoginLog(
  app: AppContext,
  userId: string,
  query: { currentPage: number; pageSize: number; keyword: string; startTime?: number; endTime?: number },
) {
  const conditions = [eq(loginLog.userId, userId)];
  if (query.startTime) conditions.push(gte(loginLog.creatorTime, query.startTime));
  if (query.endTime) conditions.push(lte(loginLog.creatorTime, query.endTime));
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    conditions.push(or(ilike(loginLog.ip, like), ilike(loginLog.platform, like), ilike(loginLog.browser, like))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    app.db
      .select()
      .from(loginLog)
      .where(where)
      // ids are time-ordered: they break ties, so pages neither repeat nor skip rows of the same millisecond
      .orderBy(desc(loginLog.creatorTime), desc(loginLog.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    app.db.select({ n: count() }).from(loginLog).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      ...pick(r, 'id', 'creatorTime', 'account'),
      ...blankIfNull(r, 'userName', 'browser', 'abstracts'),
      ipaddress: r.ip,
      ipaddressName: r.ipAddressName ?? '',
      platForm: r.platform ?? '',
      loginMark: r.success,
    })),
    total: total?.n ?? 0,
  };
}
