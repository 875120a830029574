// Route declaration: every route states its permission and its input schemas. The route layer resolves the
// session, checks the permission, validates input in the caller's language, runs the handler and wraps the
// result in the protocol envelope. Routes are collected per module and registered by the app.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { ResultCode, type ButtonCode, type Language } from '@jnpf/core';
import type { AppContext, Principal } from './context.js';
import { AppError, ValidationError, type MessageParams } from './errors.js';
import type { MessageKey } from './i18n.js';
import { ok, Result } from './result.js';
import { validate } from './validation.js';

export type Permission =
  /** anyone, signed in or not */
  | 'public'
  /** any signed-in user */
  | 'signedIn'
  /** administrators only */
  | 'admin'
  /**
   * a user granted the menu with this enCode (or any of these: one call serving several screens), and
   * when given, the button with this enCode on it
   */
  | { module: string | readonly string[]; button?: ButtonCode }
  /**
   * a user granted the menu with this enCode (or any of these), or a menu linked to the object the route
   * parameter `param` names: a menu whose propertyJson.moduleId is that value, as a released online form's
   * menu points at its design. `button` is needed on the named menu, `linkedMenu.button` on a linked menu
   * that checks buttons (isButtonAuthorize 1).
   */
  | { module: string | readonly string[]; button?: ButtonCode; linkedMenu: LinkedMenu }
  /**
   * a user granted the menu with this enCode (or any of these), or a granted menu linked to an object that uses
   * the one the route parameter `usedBy.param` names: a released online form whose fields take options from
   * that data interface (a form field's options follow the form's grants)
   */
  | { module: string | readonly string[]; usedBy: UsedBy };

/** the objects that use the object a route parameter names, and which of their menus count */
export interface UsedBy {
  /** the route parameter naming the used object */
  param: string;
  /** the ids of the objects that use it (menus link to them through propertyJson.moduleId) */
  users: (usedId: string, app: AppContext) => Promise<readonly string[]>;
  /** only menus of this type count (3 online form, …) */
  menuType?: number;
  /** what the OpenAPI description says the users are */
  describe: string;
}

/** the object a linked menu must point at, and what it must grant */
export interface LinkedMenu {
  /** the route parameter naming the object */
  param: string;
  /**
   * when the parameter does not name the object itself (an item of it), finds the object from the request;
   * undefined when there is none
   */
  resolve?: (req: FastifyRequest, app: AppContext) => Promise<string | undefined>;
  /** only menus of this type count (4 dictionary, 3 online form, …) */
  menuType?: number;
  button?: ButtonCode;
  /** the button is needed even on a menu that does not check buttons (isButtonAuthorize 0) */
  buttonAlways?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface HandlerContext<P, Q, B> {
  req: FastifyRequest;
  reply: FastifyReply;
  params: P;
  query: Q;
  body: B;
  lang: Language;
  app: AppContext;
  ip: string;
  /** the signed-in caller; present on every route that is not public */
  principal: Principal;
  /** the caller when a public route was called with a valid token */
  maybePrincipal: Principal | null;
}

export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  method: Method;
  /** path under the server root, e.g. /api/oauth/Login */
  url: string;
  permission: Permission;
  summary: string;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /**
   * per-route limit, counted per client address, or per the key given (checked after the body is parsed,
   * so a key can use it: many staff behind one office address must not block each other). acceptedOnly:
   * only calls whose input passed validation count (input is validated before the limit is checked), so a
   * caller's refused attempts do not use up the calls a costly route allows. refused (with acceptedOnly): the
   * calls refused at their input (unreadable, too large or invalid bodies and queries), counted apart under the
   * same key, at most `max` a window: past it the caller's calls are refused as too many before their bodies
   * are read, until the window ends (the caller is then known from the session before the body: the permission
   * is checked first)
   */
  rateLimit?: {
    max: number;
    timeWindowMs: number;
    key?: (req: FastifyRequest) => string;
    acceptedOnly?: boolean;
    refused?: { max: number; timeWindowMs: number };
  };
  /**
   * the largest body this route reads, in bytes, in place of the server's BODY_LIMIT (from the config), and
   * the refusal of a larger one (its {size} param the limit, e.g. "32 MB"; else the server's 请求数据过大)
   */
  bodyLimit?: { bytes: (config: AppContext['config']) => number; tooLarge?: MessageKey };
  /** a handler that writes the reply itself (images, files) returns nothing */
  handler(ctx: HandlerContext<P, Q, B>): Promise<Result | void>;
}

export type AnyRoute = RouteSpec<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a list of routes of different input types

/** declares a route; the identity function that gives handlers their input types */
export function route<P = undefined, Q = undefined, B = undefined>(spec: RouteSpec<P, Q, B>): RouteSpec<P, Q, B> {
  return spec;
}

/** GET `url` with no input, for any signed-in user: answers what `read` gives (the caller's own data) */
export const signedInRead = (
  url: string,
  summary: string,
  read: (ctx: HandlerContext<undefined, undefined, undefined>) => Promise<unknown>,
) => route({ method: 'GET', url, permission: 'signedIn', summary, handler: async (ctx) => ok(await read(ctx)) });

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /** the route's own refusal of a body over its limit (RouteSpec.bodyLimit) */
    bodyTooLarge?: { key: MessageKey; params: MessageParams };
  }
  interface FastifyRequest {
    /** the JSON body's text as received */
    rawBody?: string;
    lang: Language;
    principal: Principal | null;
  }
}

function jsonSchema(schema: ZodType | undefined) {
  if (!schema) return undefined;
  const out = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete out.$schema;
  return out;
}

/** bytes as people read a limit: "32 MB", "512 KB" */
export const byteSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.round((bytes / 1024) * 10) / 10} KB`;

/** a route's validated input */
interface Input {
  params: unknown;
  query: unknown;
  body: unknown;
}

/** the errors of input refused before the handler: a body unreadable, too large or nested too deeply, or invalid */
const INPUT_ERROR_CODES: ReadonlySet<string> = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'JNPF_JSON_TOO_DEEP',
]);
const isInputError = (error: unknown) =>
  error instanceof ValidationError ||
  (!(error instanceof AppError) &&
    (INPUT_ERROR_CODES.has(String((error as FastifyError | null)?.code)) ||
      [400, 413, 415].includes(Number((error as FastifyError | null)?.statusCode))));

/** keys blocked at most at once; past it the expired ones are dropped, then (a flood of keys) all */
const BLOCKED_KEYS_MAX = 10_000;

/**
 * the calls of a route refused at their input, counted per key in the rate limiter's store (shared between
 * instances when it is): a key past `max` in a window is blocked here until the window ends, so that its
 * further bodies are not read
 */
class RefusedInputLimit {
  private limiter:
    ((req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttl?: number }>) | null = null;
  /** key → when its block ends (epoch ms) */
  private readonly blocked = new Map<string, number>();

  constructor(
    private readonly name: string,
    private readonly limit: { max: number; timeWindowMs: number },
    private readonly keyOf: (req: FastifyRequest) => string,
  ) {}

  isBlocked(req: FastifyRequest, now = Date.now()): boolean {
    const key = this.keyOf(req);
    const until = this.blocked.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.blocked.delete(key);
    return false;
  }

  async count(req: FastifyRequest): Promise<void> {
    const key = this.keyOf(req);
    this.limiter ??= req.server.createRateLimit({
      max: this.limit.max,
      timeWindow: this.limit.timeWindowMs,
      // its own counts beside the route's: the store's names of limiters made this way do not tell routes apart
      keyGenerator: (counted) => `refused|${this.name}|${this.keyOf(counted)}`,
    });
    const state = await this.limiter(req).catch(() => null);
    if (!state || state.isAllowed || !state.isExceeded) return;
    const now = Date.now();
    if (this.blocked.size >= BLOCKED_KEYS_MAX) {
      for (const [k, until] of this.blocked) if (until <= now) this.blocked.delete(k);
      if (this.blocked.size >= BLOCKED_KEYS_MAX) this.blocked.clear();
    }
    this.blocked.set(key, now + Math.max(1, state.ttl ?? this.limit.timeWindowMs));
  }
}

/** the Fastify route options for a declared route */
export function toFastifyRoute(spec: AnyRoute, tag: string, app: AppContext) {
  const validated = (req: FastifyRequest): Input => ({
    params: spec.params ? validate(spec.params, req.params ?? {}, req.lang, 'params') : undefined,
    query: spec.query ? validate(spec.query, req.query ?? {}, req.lang, 'query') : undefined,
    body: spec.body ? validate(spec.body, req.body ?? {}, req.lang, 'body') : undefined,
  });
  // input validated before the rate limit is checked (acceptedOnly), kept for the handler
  const early = new WeakMap<FastifyRequest, Input>();
  const validateFirst = spec.rateLimit?.acceptedOnly === true;
  // refused input counted apart: the caller is known (and the permission checked) before the body is read
  const refusedLimit =
    validateFirst && spec.rateLimit?.refused
      ? new RefusedInputLimit(
          `${spec.method} ${spec.url}`,
          spec.rateLimit.refused,
          spec.rateLimit.key ?? ((req: FastifyRequest) => req.ip),
        )
      : null;
  /** requests whose permission was checked before their body was read, and those that reached the handler */
  const guarded = new WeakSet<FastifyRequest>();
  const handled = new WeakSet<FastifyRequest>();
  return {
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit.bytes(app.config) } : {}),
    config: {
      permission: spec.permission,
      ...(spec.bodyLimit?.tooLarge
        ? {
            bodyTooLarge: {
              key: spec.bodyLimit.tooLarge,
              params: { size: byteSize(spec.bodyLimit.bytes(app.config)) },
            },
          }
        : {}),
      ...(spec.rateLimit
        ? {
            rateLimit: {
              max: spec.rateLimit.max,
              timeWindow: spec.rateLimit.timeWindowMs,
              hook: 'preHandler' as const,
              ...(spec.rateLimit.key ? { keyGenerator: spec.rateLimit.key } : {}),
            },
          }
        : {}),
    },
    schema: {
      summary: spec.summary,
      tags: [tag],
      ...(spec.params ? { params: jsonSchema(spec.params) } : {}),
      ...(spec.query ? { querystring: jsonSchema(spec.query) } : {}),
      ...(spec.body ? { body: jsonSchema(spec.body) } : {}),
      ...(spec.permission === 'public' ? {} : { security: [{ token: [] }] }),
      description: describePermission(spec.permission),
    },
    // the schemas above document the route; zod validates it, in the caller's language
    validatorCompiler: () => (value: unknown) => ({ value }),
    ...(refusedLimit
      ? {
          onRequest: async (req: FastifyRequest) => {
            await app.guard.check(req, spec.permission, app);
            guarded.add(req);
            if (refusedLimit.isBlocked(req)) {
              throw Object.assign(new AppError(ResultCode.Fail, 'tooManyRequests'), { statusCode: 429 });
            }
          },
          onError: async (req: FastifyRequest, _reply: FastifyReply, error: unknown) => {
            if (guarded.has(req) && !handled.has(req) && isInputError(error)) await refusedLimit.count(req);
          },
        }
      : {}),
    // the rate limit's own preHandler runs after this one
    preHandler: async (req: FastifyRequest) => {
      if (!guarded.has(req)) await app.guard.check(req, spec.permission, app);
      if (validateFirst) early.set(req, validated(req));
    },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      handled.add(req);
      const lang = req.lang;
      const ctx: HandlerContext<unknown, unknown, unknown> = {
        req,
        reply,
        lang,
        app,
        ip: req.ip,
        ...(early.get(req) ?? validated(req)),
        principal: req.principal as Principal,
        maybePrincipal: req.principal,
      };
      const result = await spec.handler(ctx);
      if (reply.sent) return reply;
      const envelope = result instanceof Result ? result : new Result(undefined);
      return reply.send(app.envelope(lang, 200, envelope.msgKey, envelope.data));
    },
  };
}

function describePermission(p: Permission): string {
  if (p === 'public') return 'Permission: public.';
  if (p === 'signedIn') return 'Permission: any signed-in user.';
  if (p === 'admin') return 'Permission: administrators.';
  const menus = (typeof p.module === 'string' ? [p.module] : p.module).map((m) => `\`${m}\``).join(' or ');
  if ('usedBy' in p)
    return `Permission: menu ${menus}; or a menu linked to ${p.usedBy.describe} that uses the object of \`{${p.usedBy.param}}\`.`;
  if ('linkedMenu' in p) {
    const { param, button, menuType } = p.linkedMenu;
    const named = `menu ${menus}${p.button ? `, button \`${p.button}\`` : ''}`;
    const linked = `a ${menuType === undefined ? '' : `type-${menuType} `}menu linked to the object of \`{${param}}\``;
    return `Permission: ${named}; or ${linked}${button ? ` with button \`${button}\` when that menu checks buttons` : ''}.`;
  }
  return `Permission: menu ${menus}${p.button ? `, button \`${p.button}\`` : ''}.`;
}
