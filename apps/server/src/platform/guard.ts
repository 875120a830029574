// Resolves the caller's session and checks the route's declared permission, on every call.
import type { FastifyRequest } from 'fastify';
import { isLanguage, ResultCode } from '@jnpf/core';
import type { AppContext, Principal } from './context.js';
import type { Catalogue, CatalogueService } from './catalogue.js';
import { canUse } from './catalogue.js';
import type { UserDirectory } from './directory.js';
import { AppError } from './errors.js';
import type { GrantService, Grants } from './grants.js';
import type { LinkedMenu, Permission, UsedBy } from './route.js';
import type { SessionService } from './sessions.js';

export class Guard {
  constructor(
    private readonly sessions: SessionService,
    private readonly directory: UserDirectory,
    private readonly grants: GrantService,
    private readonly catalogue: CatalogueService,
  ) {}

  async check(req: FastifyRequest, permission: Permission, app?: AppContext): Promise<void> {
    const authorization = req.headers.authorization;
    if (permission === 'public') {
      if (authorization) req.principal = await this.principal(req, authorization).catch(() => null);
      return;
    }
    const principal = await this.principal(req, authorization);
    req.principal = principal;
    if (permission === 'signedIn' || principal.isAdministrator) return;
    if (permission === 'admin') throw new AppError(ResultCode.Fail, 'noPermission');
    const [grants, cat] = await Promise.all([this.grants.forUser(principal.userId, false), this.catalogue.get()]);
    const allowed =
      'usedBy' in permission
        ? canUse(cat, grants, permission.module) || (await usedThroughMenu(req, permission.usedBy, cat, grants, app))
        : 'linkedMenu' in permission
          ? canUse(cat, grants, permission.module, permission.button) ||
            canUseLinked(cat, grants, await linkedTarget(req, permission.linkedMenu, app), permission.linkedMenu)
          : canUse(cat, grants, permission.module, permission.button);
    if (!allowed) throw new AppError(ResultCode.Fail, 'noPermission');
  }

  private async principal(req: FastifyRequest, authorization: string | undefined): Promise<Principal> {
    const resolved = await this.sessions.resolve(authorization);
    if (!resolved.ok) throw new AppError(resolved.code, resolved.msgKey);
    const { session } = resolved;
    const profile = await this.directory.get(session.userId);
    if (!profile || profile.user.enabledMark === 0) {
      await this.sessions.end([session.id], session.userId, 'disabled');
      throw new AppError(ResultCode.SessionOverdue, 'sessionOverdue');
    }
    if (!req.headers['jnpf-language'] && isLanguage(profile.user.language)) req.lang = profile.user.language;
    return {
      sessionId: session.id,
      userId: session.userId,
      account: profile.user.account,
      userName: profile.user.realName,
      isAdministrator: profile.user.isAdministrator === 1,
      origin: session.origin,
    };
  }
}

/** the object id a linked-menu permission names: the route parameter, or what the route's resolver finds */
async function linkedTarget(req: FastifyRequest, linked: LinkedMenu, app?: AppContext): Promise<string | undefined> {
  if (linked.resolve) {
    if (!app) throw new Error('a linked-menu resolver needs the app context');
    return linked.resolve(req, app);
  }
  return (req.params as Record<string, string | undefined>)[linked.param];
}

/** does the user hold a menu linked to an object that uses the one the route parameter names */
async function usedThroughMenu(
  req: FastifyRequest,
  usedBy: UsedBy,
  cat: Catalogue,
  grants: Grants,
  app?: AppContext,
): Promise<boolean> {
  if (!app) throw new Error('a used-by permission needs the app context');
  const usedId = (req.params as Record<string, string | undefined>)[usedBy.param];
  if (!usedId) return false;
  const menuType = usedBy.menuType;
  // a user granted no menu at all costs no lookup
  if (grants.modules.size === 0) return false;
  const users = await usedBy.users(usedId, app);
  return users.some((id) => canUseLinked(cat, grants, id, menuType === undefined ? {} : { menuType }));
}

type MenuRow = Catalogue['modules'][number];

/** per catalogue: linked object id (propertyJson.moduleId) → the enabled menus that point at it */
const linkedIndex = new WeakMap<Catalogue, Map<string, MenuRow[]>>();

/** the id a menu's propertyJson links it to (moduleId), or null */
export function menuLinkTarget(propertyJson: string | null): string | null {
  if (!propertyJson || !propertyJson.includes('moduleId')) return null;
  try {
    const value: unknown = JSON.parse(propertyJson);
    const id = value && typeof value === 'object' ? (value as { moduleId?: unknown }).moduleId : undefined;
    return typeof id === 'string' && id ? id : null;
  } catch {
    return null;
  }
}

/** the enabled menus whose propertyJson.moduleId is this id (an online form's menus point at its design) */
export function linkedMenus(cat: Catalogue, targetId: string): MenuRow[] {
  let index = linkedIndex.get(cat);
  if (!index) {
    index = new Map();
    for (const m of cat.modules) {
      const target = menuLinkTarget(m.propertyJson);
      if (target) index.set(target, [...(index.get(target) ?? []), m]);
    }
    linkedIndex.set(cat, index);
  }
  return index.get(targetId) ?? [];
}

/**
 * may the user use a menu linked to this id (of the given type); when a button is given and the menu checks
 * buttons (isButtonAuthorize 1) or `buttonAlways` is set, that button on the same menu too
 */
export function canUseLinked(
  cat: Catalogue,
  grants: Grants,
  targetId: string | undefined,
  linked: Pick<LinkedMenu, 'button' | 'menuType' | 'buttonAlways'> = {},
): boolean {
  const { button: buttonCode, menuType, buttonAlways = false } = linked;
  if (grants.all) return true;
  if (!targetId) return false;
  return linkedMenus(cat, targetId).some(
    (m) =>
      grants.modules.has(m.id) &&
      (menuType === undefined || m.type === menuType) &&
      (!buttonCode ||
        (m.isButtonAuthorize !== 1 && !buttonAlways) ||
        (cat.buttonsByModule.get(m.id) ?? []).some((b) => b.enCode === buttonCode && grants.buttons.has(b.id))),
  );
}
