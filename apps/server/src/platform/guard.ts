// Resolves the caller's session and checks the route's declared permission, on every call.
import type { FastifyRequest } from 'fastify';
import { isLanguage, ResultCode } from '@jnpf/core';
import type { Principal } from './context.js';
import type { CatalogueService } from './catalogue.js';
import { canUse } from './catalogue.js';
import type { UserDirectory } from './directory.js';
import { AppError } from './errors.js';
import type { GrantService } from './grants.js';
import type { Permission } from './route.js';
import type { SessionService } from './sessions.js';

export class Guard {
  constructor(
    private readonly sessions: SessionService,
    private readonly directory: UserDirectory,
    private readonly grants: GrantService,
    private readonly catalogue: CatalogueService,
  ) {}

  async check(req: FastifyRequest, permission: Permission): Promise<void> {
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
    if (!canUse(cat, grants, permission.module, permission.button)) throw new AppError(ResultCode.Fail, 'noPermission');
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
